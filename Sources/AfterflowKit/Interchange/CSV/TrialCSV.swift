import Foundation

/// Trial data as CSV, one row per trial: for spreadsheets, and for moving from one into the vault
/// (`TrialImport`).
///
/// The columns, exactly: `session_id,client,date,time,goal,goal_title,result,cue,note,signed,signed_by`. The
/// session's id (upper case); the client's short name; the day of the session's start as its file
/// writes it (`2025-01-14`); the trial's time of day (`15:02:10`, vault time zone); the goal's short
/// name and its title; `success` or `failure`; the cue level; the note; when the session's note
/// was signed (`signed` as its file writes it, or `draft`) and by whom. RFC 4180 quoting (an empty
/// field is written `""`), every field guarded against formula injection (`CSVWriter.guarded`),
/// LF between rows (or CRLF) and no line end after the last, as the session CSV writes them.
/// Rows are ordered by client, day and time, then by file and line, so that the same practice
/// always gives the same bytes. A session's behaviour events are rows of the same columns, among
/// its trials (`TrialCSV+Events`).
public enum TrialCSV {
    /// The trial's columns: what an import reads.
    public static let header = ["session_id", "client", "date", "time", "goal", "goal_title", "result", "cue", "note"]

    /// The columns an export adds after the trial's: when the session's note was signed and by
    /// whom. An import accepts them and reads nothing from them (a signature is made by `sign`).
    public static let signatureColumns = ["signed", "signed_by"]

    /// The header of an export.
    public static var exportHeader: [String] { header + signatureColumns }

    /// The `signed` column of an unsigned session's rows.
    public static let draft = "draft"

    /// The words of the `result` column.
    public static let success = "success", failure = "failure"

    /// Rows an export wrote: trials, and behaviour events.
    public struct Counts: Sendable, Hashable {
        public var trials: Int
        public var events: Int
    }

    /// Every trial and event of every session of `records`, one row each, with the header first.
    public static func write(records: [ClientRecord], lineEnding: String = "\n", byteOrderMark: Bool = false) -> String {
        var bytes: [UInt8] = []
        let output = ByteOutput.collecting { bytes.append(contentsOf: $0) }
        var writer = Writer(output: output, lineEnding: lineEnding)
        // Gathering in memory cannot fail.
        try? writer.start(byteOrderMark: byteOrderMark)
        try? writer.write(all: records)
        try? output.flush()
        return String(decoding: bytes, as: UTF8.self)
    }

    /// What `export trials csv` writes: every trial and event of `clients` (short names) from
    /// `since` to `until` (days, inclusive), of `goal` when given, to `output` as it goes. Each
    /// client's folder is read and parsed, and its rows written into bytes of its own, on other
    /// threads while the clients before it are sent (`BatchPipeline`: a few clients ahead, taken
    /// in order), so that reading and writing rows are spread over the cores, memory holds a
    /// window of clients whatever the size of the practice, and the bytes are those of reading
    /// and writing one client after the other (a client's rows depend on that client alone).
    /// Returns the number of trial and event rows; a client that cannot be read stops the export
    /// after the clients before it.
    public static func export(_ store: DocumentStore, clients: [String], since: String?, until: String?, goal: String?,
                              lineEnding: String = "\n", byteOrderMark: Bool = false, to output: ByteOutput) throws(VaultError) -> Counts {
        try Writer(output: output, lineEnding: lineEnding).start(byteOrderMark: byteOrderMark)
        // Rows are by client first: a client named twice has each of its rows twice, side by side.
        var runs: [(short: String, count: Int)] = []
        for short in clients.sorted() {
            if runs.last?.short == short { runs[runs.count - 1].count += 1 } else { runs.append((short, 1)) }
        }
        let named = runs
        let pipeline = BatchPipeline<Result<Piece, VaultError>>(count: named.count, batchSize: 1)
        defer { pipeline.cancel() }
        pipeline.start { index in
            Result { () throws(VaultError) in
                // Values only: the rows need none of the checks `check` reports.
                let record = selecting([try store.load(named[index].short, checking: false)], since: since, until: until, goal: goal)[0]
                return Piece(Array(repeating: record, count: named[index].count), lineEnding: lineEnding)
            }
        }
        var counts = Counts(trials: 0, events: 0)
        for index in named.indices {
            guard let made = pipeline.take(index).first else { break }
            let piece = try made.get()
            try output.write(pieces: piece.bytes)
            counts.trials += piece.counts.trials
            counts.events += piece.counts.events
        }
        try output.flush()
        return counts
    }

    /// One client's rows as bytes, and how many of them are trials and events.
    struct Piece: Sendable {
        var bytes: [UInt8]
        var counts: Counts

        /// The rows of `records`, all of one client, as `Writer.write(_:)` writes them.
        init(_ records: [ClientRecord], lineEnding: String) {
            let gathered = ByteOutput.gathering()
            var writer = Writer(output: gathered, lineEnding: lineEnding)
            // Gathering in memory cannot fail.
            try? writer.write(records)
            bytes = gathered.buffer
            counts = Counts(trials: writer.rows, events: writer.events)
        }
    }

    /// `15:02:10`, as `TimeOfDay.text` writes it, from the bytes a row's time is appended with
    /// (`appendClock`; rows are written as bytes, never as strings).
    static func clock(_ time: TimeOfDay) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(8)
        appendClock(time, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }
}
