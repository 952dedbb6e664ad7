import Dispatch

/// The parallel loops of the package, each with its results in index order, so that what they
/// compute is the same on any number of threads (every caller writes only its own index).
public enum ParallelLoop {
    /// Runs `body` for 0..<iterations, one Dispatch work item each.
    public static func run(_ iterations: Int, _ body: (Int) -> Void) {
        guard iterations > 1 else {
            if iterations == 1 { body(0) }
            return
        }
        withoutActuallyEscaping(body) { work in
            let box = UncheckedBox(work)
            DispatchQueue.concurrentPerform(iterations: iterations) { box.value($0) }
        }
    }

    /// `map` over 0..<count in parallel, results in index order.
    public static func map<T>(_ count: Int, _ body: (Int) -> T) -> [T] {
        var results = [T?](repeating: nil, count: count)
        results.withUnsafeMutableBufferPointer { buffer in
            let out = UncheckedBox(buffer.baseAddress!)
            run(count) { out.value[$0] = body($0) }
        }
        return results.map { $0! }
    }

    /// Runs `body` for 0..<count on `workers` threads, each index handed out once, in order, to
    /// whichever thread asks next (`IndexClaims`): for items of uneven cost.
    public static func claiming(_ count: Int, workers: Int, _ body: @Sendable (Int) -> Void) {
        let claims = IndexClaims(count: count)
        DispatchQueue.concurrentPerform(iterations: max(1, min(workers, count))) { _ in
            while let index = claims.claim() { body(index) }
        }
    }

    /// Runs `body` for 0..<count on `jobs` threads, thread j taking j, j + jobs, …; a thread
    /// stops early when `body` returns false (the items past a failure need not be built).
    public static func strided(_ count: Int, jobs: Int, _ body: @Sendable (Int) -> Bool) {
        let jobs = max(1, jobs)
        DispatchQueue.concurrentPerform(iterations: jobs) { job in
            for index in stride(from: job, to: count, by: jobs) where !body(index) { return }
        }
    }
}
