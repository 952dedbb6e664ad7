import DNSimScenario
import Foundation

/// A study baseline is whole or refused (issue 44, item 5): its decision.json must hold every
/// platform and arm its manifest.json declares, and nothing else, and each recommendation must
/// name one of its platform's arms. A decision file emptied or cut (`"platforms": {}`, an arm
/// removed) would otherwise make `check` compare nothing and pass.
extension BaselineDecision {
    /// Refuses what the manifest's arms contradict, naming the file and the field.
    public func check(against manifest: RunManifest, regenerate hint: String = "regenerate the baseline")
        throws(BaselineReport.LoadError)
    {
        let regenerate = "; " + hint
        func refuse(_ field: String, _ problem: String) -> BaselineReport.LoadError {
            // Names from the file are shown escaped: a line break or bidi override in one must not reshape the message.
            BaselineReport.LoadError(
                description: "error: \(path): \(field): \(MessageText.visible(problem))" + regenerate)
        }
        // An arm is `strategy/platform`; the manifest lists every arm the report holds.
        var declared: [String: [String]] = [:]
        var order: [String] = []
        for arm in manifest.arms {
            let platform = arm.split(separator: "/").last.map(String.init) ?? arm
            if declared[platform] == nil { order.append(platform) }
            declared[platform, default: []].append(arm)
        }
        let missing = order.filter { platforms[$0] == nil }
        guard missing.isEmpty else {
            throw refuse("platforms", "missing \(missing.joined(separator: ", ")), which manifest.json declares")
        }
        if let extra = platforms.keys.sorted().first(where: { declared[$0] == nil }) {
            throw refuse("platforms", "\(extra) is not a platform of manifest.json's arms")
        }
        for platform in order {
            guard let decision = platforms[platform], let arms = declared[platform] else { continue }
            let absent = arms.filter { decision.arms[$0] == nil }
            guard absent.isEmpty else {
                throw refuse(
                    "platforms.\(platform).arms",
                    "missing \(absent.joined(separator: ", ")), which manifest.json declares")
            }
            if let extra = decision.arms.keys.sorted().first(where: { !arms.contains($0) }) {
                throw refuse("platforms.\(platform).arms", "\(extra) is not one of manifest.json's arms")
            }
            if let recommended = decision.recommended, !arms.contains(recommended) {
                throw refuse("platforms.\(platform).recommended", "\(recommended) is not one of its arms")
            }
        }
    }
}
