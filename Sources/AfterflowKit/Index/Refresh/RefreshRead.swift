import Foundation

/// The second part of a refresh (plan → read → write): the plan's files read and parsed on every
/// core, in batches that the writer takes in order as each completes, so that parsing overlaps
/// with writing and only a window of batches is held in memory (`BatchPipeline`).
struct RefreshRead: Sendable {
    /// What became of one file.
    enum Outcome: Sendable {
        /// Its bytes are what the index already has: only its size and time are new.
        case touched(ScannedFile)
        case parsed(DocumentRecord)
        /// It could not be read at all (permissions, I/O).
        case unreadable(String, VaultError)
    }

    private let batches: BatchPipeline<Outcome>
    /// Files to read: the plan's `toRead`.
    let count: Int

    /// Starts reading `plan.toRead` under `root` on every core.
    init(_ plan: RefreshPlan, root: String, timeZone: TimeZone) {
        let files = plan.toRead
        let known = plan.known
        count = files.count
        batches = BatchPipeline<Outcome>(count: files.count, batchSize: 512)
        batches.start { i in RefreshRead.read(files[i], root: root, known: known, timeZone: timeZone) }
    }

    var batchCount: Int { batches.batchCount }

    /// Waits for batch `index` and hands it over (batches must be taken in order).
    func take(_ index: Int) -> [Outcome] { batches.take(index) }

    /// Stops the readers; batches not yet made are never made.
    func cancel() { batches.cancel() }

    /// Reads and parses one file; a file whose bytes are what the index already has is only touched.
    static func read(_ file: ScannedFile, root: String, known: [String: KnownFile], timeZone: TimeZone) -> Outcome {
        do throws(VaultError) {
            let bytes = try FileIO.read(root + "/" + file.path)
            let hash = ContentHash.of(bytes)
            if let old = known[file.path], old.hash == hash { return .touched(file) }
            let actual = ScannedFile(path: file.path, size: Int64(bytes.count), modified: file.modified)
            let entry = VaultEntry(path: file.path, bytes: bytes)
            return .parsed(DocumentRecord(file: actual, hash: hash, entry: entry, timeZone: timeZone))
        } catch {
            return .unreadable(file.path, error)
        }
    }
}
