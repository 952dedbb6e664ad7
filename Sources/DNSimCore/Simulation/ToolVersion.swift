/// The version every report, manifest and partial result records.
public enum ToolVersion {
    public static let current = "0.1.0"
}
