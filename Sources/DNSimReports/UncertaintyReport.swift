/// The files an uncertainty study adds to its report folder.
public enum UncertaintyReport {
    public static let fileNames = ["uncertainty.csv"]

    public static func files(_ study: UncertaintyStudy, formats: Set<String>) -> [(String, String)] {
        [("uncertainty.csv", UncertaintyCSV.render(study))]
    }
}
