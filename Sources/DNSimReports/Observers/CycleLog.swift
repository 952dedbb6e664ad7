import DNSimCore
import Foundation

/// `cycles.csv`: one row per device-cycle, streamed to disk as an observer
/// of the run.
///
/// Each chunk of devices is written to its own file as it runs, through a
/// small buffer; `assemble` concatenates the chunks in device order. Memory
/// stays bounded whatever devices × days is, and the file is the same for any
/// number of jobs.
public final class CycleLog: RunObserver, @unchecked Sendable {
    public static let header =
        "device,arm,cycle,notify_utc_ms,outcome,lateness_s,content_age_s,notified_before_fetch,"
        + "segment,window_start_utc_ms,window_end_utc_ms,shown_utc_ms,content_fetched_utc_ms\n"

    let directory: URL
    let armNames: [String]
    /// The fleet's segment names; empty without segments (the column is then empty).
    let segmentNames: [String]
    private let lock = NSLock()
    private var failure: WriteFailure?

    public init(directory: URL, armNames: [String], segmentNames: [String] = []) throws {
        self.directory = directory
        self.armNames = armNames
        self.segmentNames = segmentNames
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    /// A writer for the chunk's rows; if its file cannot be made, the chunk
    /// runs unwritten and `assemble` fails rather than leave rows out silently.
    public func observe(devices: Range<Int>) -> any ChunkObserver {
        let url = chunkURL(firstDevice: devices.lowerBound)
        do {
            return try ChunkWriter(url: url, names: armNames, segments: segmentNames, log: self)
        } catch {
            fail(WriteFailure(path: url.path, error: error))
            return Unwritten()
        }
    }

    /// The first write that failed; the run goes on, and `assemble` throws it.
    fileprivate func fail(_ failure: WriteFailure) {
        lock.lock()
        if self.failure == nil { self.failure = failure }
        lock.unlock()
    }

    /// Chunk files are named by their first device, so sorting names sorts devices.
    func chunkURL(firstDevice: Int) -> URL {
        directory.appendingPathComponent(String(format: "devices-%09d.csv", firstDevice))
    }

    /// Writes one chunk's rows.
    final class ChunkWriter: ChunkObserver {
        private let handle: FileHandle
        private var buffer = ""
        private let names: [String]
        private let segments: [String]
        private let url: URL
        private unowned let log: CycleLog
        /// Set by the first failed write (a full disk): the chunk's later rows are dropped, not written.
        private var failed = false

        init(url: URL, names: [String], segments: [String], log: CycleLog) throws {
            guard FileManager.default.createFile(atPath: url.path, contents: nil) else {
                throw WriteFailure.posix(url.path)
            }
            handle = try FileHandle(forWritingTo: url)
            self.names = names
            self.segments = segments
            self.url = url
            self.log = log
            buffer.reserveCapacity(1 << 16)
        }

        /// Writes a row for every cycle of device `device` on arm `arm`: the outcome, then where it
        /// sits (segment, the cycle's window from its F to the next cycle's F) and what was shown when.
        func simulated(device: Int, arm: Int, _ log: DeviceLog) {
            guard !failed else { return }
            let segment = log.segment < segments.count ? segments[log.segment] : ""
            for record in log.cycles {
                buffer += "\(device + 1),\(names[arm]),\(record.cycle + 1),\(record.notifyTime),\(record.outcome.name),"
                if let lateness = record.lateness { buffer += String(format: "%.3f", SimTime.seconds(lateness)) }
                buffer += ","
                if let age = record.contentAge { buffer += String(format: "%.3f", SimTime.seconds(age)) }
                buffer += record.notifiedBeforeFetch ? ",1," : ",0,"
                buffer += segment
                buffer += ","
                if let calendar = log.calendar, record.cycle < calendar.count {
                    buffer += String(calendar.windowStarts[record.cycle])
                    buffer += ","
                    if let end = calendar.windowEnd(of: record.cycle) { buffer += String(end) }
                } else {
                    buffer += ","
                }
                buffer += ","
                if let shownAt = record.shownAt { buffer += String(shownAt) }
                buffer += ","
                if let fetchedAt = record.contentFetchedAt { buffer += String(fetchedAt) }
                buffer += "\n"
                if buffer.utf8.count >= 1 << 16 { flush() }
            }
        }

        private func flush() {
            defer { buffer.removeAll(keepingCapacity: true) }
            guard !failed, !buffer.isEmpty else { return }
            do {
                try handle.write(contentsOf: Data(buffer.utf8))
            } catch {
                failed = true
                log.fail(WriteFailure(path: url.path, error: error))
            }
        }

        func finish() {
            flush()
            try? handle.close()
        }
    }

    /// A chunk whose file could not be made.
    final class Unwritten: ChunkObserver {
        func simulated(device: Int, arm: Int, _ log: DeviceLog) {}
        func finish() {}
    }

    /// Concatenates the chunks, in device order, into `cycles.csv` inside the
    /// staging folder and returns it, removing each chunk once it is copied (so
    /// the disk holds the rows once, not twice). The caller moves the file into
    /// the report folder with the rest of the report.
    public func assemble() throws -> URL {
        if let failure {
            try? FileManager.default.removeItem(at: directory)
            throw failure
        }
        let assembled = directory.appendingPathComponent("cycles.csv")
        do {
            let chunks = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter {
                $0.hasPrefix("devices-")
            }.sorted()
            guard FileManager.default.createFile(atPath: assembled.path, contents: Data(Self.header.utf8)) else {
                throw WriteFailure.posix(assembled.path)
            }
            let output = try FileHandle(forWritingTo: assembled)
            defer { try? output.close() }
            try output.seekToEnd()
            for chunk in chunks {
                let url = directory.appendingPathComponent(chunk)
                let input = try FileHandle(forReadingFrom: url)
                defer { try? input.close() }
                while let data = try input.read(upToCount: 1 << 20), !data.isEmpty {
                    try output.write(contentsOf: data)
                }
                try FileManager.default.removeItem(at: url)
            }
        } catch {
            try? FileManager.default.removeItem(at: directory)
            throw WriteFailure(path: assembled.path, error: error)
        }
        return assembled
    }
}
