import AfterflowKit
import Foundation

/// The ids of what the journal page sent: `.afterflow/serve/journal.ids`, one fsync'd line per
/// step, read and written under the vault's lock, so that an entry the page sends again (it did
/// not hear the answer, or it was kept offline and replayed) is saved once.
///
/// `ID ~ UUID` is written before the file is (the id of the document made, or of the session a
/// reflection or a change goes to), `ID = PATH` once it is on disk. An id with only its `~` line
/// was cut short between the two: the entry is looked for before it is written again.
struct JournalLedger {
    static let file = Vault.stateFolder + "/serve/journal.ids"

    /// What the ledger knows of one id.
    enum Step: Equatable {
        /// Begun: the document (or session) with this id; not known to be on disk.
        case begun(UUID)
        /// On disk, at this path.
        case done(String)
    }

    let path: String
    private var size: Int
    private(set) var steps: [String: Step] = [:]

    init(vault: Vault) throws(VaultError) {
        path = try vault.writablePath(Self.file)
        guard FileIO.exists(path) else {
            size = -1
            return
        }
        let bytes = try FileIO.read(path)
        size = bytes.count
        for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n") {
            let parts = line.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false)
            guard parts.count == 3 else { continue }
            let id = String(parts[0])
            switch parts[1] {
            case "~": if let uuid = UUID(uuidString: String(parts[2])) { steps[id] = .begun(uuid) }
            case "=": steps[id] = .done(String(parts[2]))
            default: continue
            }
        }
    }

    /// Appends one line (fsync'd) and remembers it.
    mutating func record(_ id: String, _ step: Step) throws(VaultError) {
        let text: String
        switch step {
        case .begun(let uuid): text = "\(id) ~ \(uuid.uuidString)\n"
        case .done(let path): text = "\(id) = \(path)\n"
        }
        let line = Array(text.utf8)
        if size < 0 {
            try FileIO.createDirectories(String(path[..<(path.lastIndex(of: "/") ?? path.endIndex)]))
            try FileIO.create(path, contents: line)
            size = line.count
        } else {
            try FileIO.append(path, expectingSize: size, bytes: line)
            size += line.count
        }
        steps[id] = step
    }

    /// A client id: 8 to 64 letters, digits, `-` or `_`.
    static func check(id: String) throws(PhoneError) {
        guard (8...64).contains(id.utf8.count),
              id.utf8.allSatisfy({ ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x41 && $0 <= 0x5A) || $0 == 0x2D || $0 == 0x5F }) else {
            throw .bad("an entry's id must be 8 to 64 letters, digits, - or _; nothing was written")
        }
    }
}
