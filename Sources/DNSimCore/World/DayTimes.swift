/// A day's drawn instants, put in time order. A generator draws a day's instants one by one and
/// keeps the day sorted: by insertion as they come while the day has a few (most days have none or
/// one), all at once in linear time when it has many (a busy server's 500 updates a day spent two
/// thirds of a run moving times by insertion). Either way the day is its draws, sorted.
enum DayTimes {
    /// The most instants a day sorted by insertion as they are drawn; more are sorted at once.
    static let insertionLimit = 16

    /// Sorts a day's drawn times (each in [`dayStart`, `dayStart` + a day)) in place, in linear time
    /// on average: a counting sort into as many equal slices of the day as there are times (uniform
    /// times: about one a slice), then insertion, which only has to order each slice. The slices
    /// only speed the insertion up, so the result is the times sorted, as any sort gives.
    static func sort(_ day: UnsafeMutableBufferPointer<Millis>, dayStart: Millis) {
        let count = day.count
        guard count > 1 else { return }
        let scale = Double(count) / Double(SimTime.day)
        // Clamped before it becomes an integer, so no time (even one outside the day) can trap.
        func slice(_ time: Millis) -> Int {
            Int(min(max((Double(time) - Double(dayStart)) * scale, 0), Double(count - 1)))
        }
        let starts = UnsafeMutableBufferPointer<Int>.allocate(capacity: count + 1)
        let scattered = UnsafeMutableBufferPointer<Millis>.allocate(capacity: count)
        defer {
            starts.deallocate()
            scattered.deallocate()
        }
        starts.initialize(repeating: 0)
        for time in day { starts[slice(time) + 1] += 1 }
        for index in 1...count { starts[index] += starts[index - 1] }
        for time in day {
            let slice = slice(time)
            scattered[starts[slice]] = time
            starts[slice] += 1
        }
        for index in 0..<count {
            let time = scattered[index]
            var position = index
            while position > 0, day[position - 1] > time {
                day[position] = day[position - 1]
                position -= 1
            }
            day[position] = time
        }
    }
}
