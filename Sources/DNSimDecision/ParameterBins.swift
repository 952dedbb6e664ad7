import Foundation

/// The worlds split by one parameter's value, for the conditional means of `DecisionAnalysis`:
/// an ordered parameter into (about) equal-count bins between its sample quantiles, a categorical
/// one into one bin per value. Worlds with equal values always share a bin, so a parameter held at
/// one value makes one bin. Bins come in increasing order of value; none is empty.
struct ParameterBins {
    /// The worlds in each bin.
    var members: [[Int]]
    /// The mean parameter value of each bin's worlds.
    var centres: [Double]

    init(values: [Double], bins: Int, categorical: Bool) {
        let order = values.indices.sorted { values[$0] < values[$1] || (values[$0] == values[$1] && $0 < $1) }
        members = []
        centres = []
        var currentBin = -1
        var start = 0
        while start < order.count {
            var end = start + 1
            while end < order.count, values[order[end]] == values[order[start]] { end += 1 }
            // A run of equal values goes to the bin of its first position.
            let bin = categorical ? start : Swift.min(bins - 1, start * bins / order.count)
            if bin != currentBin {
                members.append([])
                currentBin = bin
            }
            members[members.count - 1].append(contentsOf: order[start..<end])
            start = end
        }
        centres = members.map { worlds in worlds.reduce(0) { $0 + values[$1] } / Double(worlds.count) }
    }

    /// Q = clamp(round(∛W), 2, 50) bins for W worlds: 16 bins of 256 worlds at W = 4096.
    static func count(worlds: Int) -> Int {
        Swift.min(Swift.max(Int(cbrt(Double(worlds)).rounded()), 2), 50)
    }
}
