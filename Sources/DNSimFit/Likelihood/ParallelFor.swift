import Dispatch

/// Runs independent iterations on the cores. Each iteration writes only
/// its own slot, and callers combine slots in index order, so results are
/// the same on any number of threads.
enum ParallelFor {
    static func run(_ iterations: Int, _ body: (Int) -> Void) {
        guard iterations > 1 else {
            if iterations == 1 { body(0) }
            return
        }
        withoutActuallyEscaping(body) { work in
            let box = UncheckedBox(work)
            DispatchQueue.concurrentPerform(iterations: iterations) { box.value($0) }
        }
    }

    /// `map` over 0..<count, in parallel, results in index order.
    static func map<T>(_ count: Int, _ body: (Int) -> T) -> [T] {
        var results = [T?](repeating: nil, count: count)
        results.withUnsafeMutableBufferPointer { buffer in
            let out = UncheckedBox(buffer.baseAddress!)
            run(count) { out.value[$0] = body($0) }
        }
        return results.map { $0! }
    }
}

/// Hands a value that is safe by construction (disjoint writes) to Dispatch.
final class UncheckedBox<T>: @unchecked Sendable {
    let value: T
    init(_ value: T) { self.value = value }
}
