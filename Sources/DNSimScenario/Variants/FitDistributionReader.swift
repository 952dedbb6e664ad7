import DNSimCore
import Foundation

/// Reads `distribution: { fit: path/fit.json }`: the sampling distribution `dnsim-events fit` wrote
/// for the parameter's key (`uncertainty.parameters` of fit.json, docs/telemetry.md), as the
/// family and values a written `normal` or `lognormal` would give. The path is relative to the
/// scenario's folder; durations are in seconds in the JSON.
enum FitDistributionReader {
    /// A fit.json is a few kilobytes; anything this large is not one.
    static let maxBytes = 16 << 20

    struct Fitted {
        var family: String
        var values: [String: Double]
        var isDuration: Bool
        /// The size of the sample the fit came from (fit.json's `sample`); nil from a fit.json without it.
        var sample: Int?
    }

    static func read(_ node: YAMLNode, _ path: String, key: String, _ r: ScenarioReader) -> Fitted? {
        guard let relative = node.scalar, !node.isNull, !relative.isEmpty else {
            r.error(
                node.mark, "\(path) must be the path of a fit.json that dnsim-events fit wrote, such as fit/fit.json")
            return nil
        }
        let folder = URL(fileURLWithPath: r.file).deletingLastPathComponent()
        let url = relative.hasPrefix("/") ? URL(fileURLWithPath: relative) : folder.appendingPathComponent(relative)
        let shown = MessageText.quoted(relative)
        var info = stat()
        guard stat(url.path, &info) == 0, info.st_mode & S_IFMT != S_IFDIR else {
            r.error(node.mark, "\(path): no file \(shown) (looked for \(url.path), relative to the scenario's folder)")
            return nil
        }
        // Never opened unless a regular file: a FIFO would block, a device never end.
        guard info.st_mode & S_IFMT == S_IFREG else {
            r.error(node.mark, "\(path): \(shown) is not a regular file; a fit.json is")
            return nil
        }
        if info.st_size > maxBytes {
            r.error(
                node.mark, "\(path): \(shown) is \(info.st_size) bytes; a fit.json is far smaller (at most \(maxBytes))"
            )
            return nil
        }
        guard let data = FileManager.default.contents(atPath: url.path) else {
            r.error(node.mark, "\(path): cannot read \(shown)")
            return nil
        }
        // The file is named by the scenario, not on the command line: a problem in it is given by
        // its place and kind, never with its text (it may be any file, a key or a password).
        let json: PositionedJSON
        do { json = try JSONReader.parse([UInt8](data), file: relative) } catch {
            let place = error.mark.map { " at line \($0.line), column \($0.column)" } ?? ""
            r.error(
                node.mark,
                "\(path): \(shown) is not JSON\(place), so not a fit.json that dnsim-events fit wrote (rerun dnsim-events fit)"
            )
            return nil
        }
        guard case .array(let entries, _)? = json["uncertainty"]?["parameters"] else {
            r.error(
                node.mark,
                "\(path): \(shown) has no uncertainty.parameters; it is not a fit.json of this version (rerun dnsim-events fit)"
            )
            return nil
        }
        // Only the keys a scenario could name are listed: any other string is the file's content.
        let keys = entries.compactMap { entry -> String? in
            if case .string(let text, _)? = entry["key"] { return text } else { return nil }
        }
        .filter { UncertaintyReader.keyProblem($0, at: path) == nil }
        guard
            let entry = entries.first(where: {
                if case .string(key, _)? = $0["key"] { return true } else { return false }
            })
        else {
            r.error(
                node.mark,
                "\(path): \(shown) has no sampling distribution for \(MessageText.quoted(key)); "
                    + "it has \(keys.isEmpty ? "none" : keys.joined(separator: ", "))"
                    + Suggestion.hint(for: key, in: keys))
            return nil
        }
        let isDuration: Bool
        if case .string(let unit, _)? = entry["unit"] { isDuration = unit == "s" } else { isDuration = false }
        guard case .object(let families, _)? = entry["distribution"], families.count == 1,
            ["normal", "lognormal"].contains(families[0].key)
        else {
            r.error(
                node.mark,
                "\(path): the entry for \(MessageText.quoted(key)) in \(shown) is not a normal or lognormal distribution"
            )
            return nil
        }
        let family = families[0].key
        var values: [String: Double] = [:]
        for field in family == "normal" ? ["mean", "sd"] : ["median", "sigma"] {
            guard case .number(let text, _)? = families[0].value[field], let value = Double(text), value.isFinite else {
                r.error(
                    node.mark,
                    "\(path): the entry for \(MessageText.quoted(key)) in \(shown) has no number \(family).\(field)")
                return nil
            }
            // Seconds in the JSON, milliseconds in the scenario; a lognormal's sigma has no unit.
            values[field] = isDuration && field != "sigma" ? value * 1_000 : value
        }
        // A fit.json from before samples were written has none: EVSI then needs `sample:` beside it.
        var sample: Int?
        if case .number(let text, _)? = entry["sample"], let size = Int(text), size >= 1,
            size <= UncertaintySettings.maxSampleSize
        {
            sample = size
        }
        return Fitted(family: family, values: values, isDuration: isDuration, sample: sample)
    }
}
