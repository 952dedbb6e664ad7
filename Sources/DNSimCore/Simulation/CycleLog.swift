import Foundation

/// `cycles.csv`: one row per device-cycle, streamed to disk.
///
/// Each chunk of devices is written to its own file as it runs, through a
/// small buffer; `finish` concatenates the chunks in device order. Memory
/// stays bounded whatever devices × days is, and the file is the same for any
/// number of jobs.
public final class CycleLog: @unchecked Sendable {
    public static let header = "device,arm,cycle,notify_utc_ms,outcome,lateness_s,content_age_s,notified_before_fetch\n"

    let directory: URL
    let armNames: [String]
    private let lock = NSLock()
    private var failure: String?

    /// Records that a chunk could not be written; `finish` then fails rather
    /// than leave rows out silently.
    func fail(_ message: String) {
        lock.lock()
        if failure == nil { failure = message }
        lock.unlock()
    }

    public init(directory: URL, armNames: [String]) throws {
        self.directory = directory
        self.armNames = armNames
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    /// Chunk files are named by their first device, so sorting names sorts devices.
    func chunkURL(firstDevice: Int) -> URL {
        directory.appendingPathComponent(String(format: "devices-%09d.csv", firstDevice))
    }

    /// Writes one chunk's rows.
    final class ChunkWriter {
        private let handle: FileHandle
        private var buffer = ""
        private let names: [String]

        init(url: URL, names: [String]) throws {
            _ = FileManager.default.createFile(atPath: url.path, contents: nil)
            handle = try FileHandle(forWritingTo: url)
            self.names = names
            buffer.reserveCapacity(1 << 16)
        }

        /// Writes a row for every cycle of device `device` on arm `arm`.
        func append(device: Int, arm: Int, _ log: DeviceLog) {
            for record in log.cycles {
                buffer += "\(device + 1),\(names[arm]),\(record.cycle + 1),\(record.notifyTime),\(record.outcome.name),"
                if let lateness = record.lateness { buffer += String(format: "%.3f", SimTime.seconds(lateness)) }
                buffer += ","
                if let age = record.contentAge { buffer += String(format: "%.3f", SimTime.seconds(age)) }
                buffer += record.notifiedBeforeFetch ? ",1\n" : ",0\n"
                if buffer.utf8.count >= 1 << 16 { flush() }
            }
        }

        func flush() {
            handle.write(Data(buffer.utf8))
            buffer.removeAll(keepingCapacity: true)
        }

        func close() {
            flush()
            try? handle.close()
        }
    }

    /// Concatenates the chunks, in device order, into `destination` and removes the staging folder.
    public func finish(into destination: String) throws {
        let assembled = try assemble()
        guard rename(assembled.path, destination) == 0 else { throw CocoaError(.fileWriteUnknown) }
        try? FileManager.default.removeItem(at: directory)
    }

    /// Concatenates the chunks, in device order, into `cycles.csv` inside the
    /// staging folder and returns it, removing each chunk once it is copied (so
    /// the disk holds the rows once, not twice). The caller moves the file into
    /// the report folder with the rest of the report.
    public func assemble() throws -> URL {
        if let failure {
            try? FileManager.default.removeItem(at: directory)
            throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: "cycles.csv: \(failure)"])
        }
        let chunks = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasPrefix("devices-") }.sorted()
        let assembled = directory.appendingPathComponent("cycles.csv")
        guard FileManager.default.createFile(atPath: assembled.path, contents: Data(Self.header.utf8)) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: assembled.path])
        }
        let output = try FileHandle(forWritingTo: assembled)
        try output.seekToEnd()
        for chunk in chunks {
            let url = directory.appendingPathComponent(chunk)
            let input = try FileHandle(forReadingFrom: url)
            while let data = try input.read(upToCount: 1 << 20), !data.isEmpty { try output.write(contentsOf: data) }
            try input.close()
            try FileManager.default.removeItem(at: url)
        }
        try output.close()
        return assembled
    }
}
