/// One key → value setting of a scenario variant: a sweep point's axis value, a study world's
/// parameter value or a fleet segment's condition. `mark` is where the file names the key.
struct VariantSetting: Sendable {
    var key: String
    var path: [String]
    var value: YAMLNode
    var mark: SourceMark
}

/// A setting whose key names no place in the scenario.
struct UnplacedSetting: Error {
    let setting: VariantSetting
}
