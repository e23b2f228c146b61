import Foundation

/// One disclosure: records that left the vault through afterflow, as the vault's disclosure log
/// (`.afterflow/disclosures.log`) keeps it, written before the first byte leaves.
///
/// It is content-free: which records by id, which clients by short name, how many, where to,
/// why, and (in its outcome) how many bytes with their SHA-256; never a name, a note or any other
/// text of a record.
public struct Disclosure: Sendable, Equatable {
    /// Joins the entry to its outcome line.
    public var id: UUID
    /// When it started (the command's clock).
    public var at: Date
    /// The command, as typed after `afterflow`: `export csv`, `serve`, `backup`, `git sync`.
    public var command: String
    /// What kind of records went: `sessions`, `check-ins`, `trials`, `progress report`, `vault`.
    public var what: String
    /// How many records, when the command knows before it writes.
    public var count: Int?
    /// The clients whose records went, by short name (none in a personal journal).
    public var clients: [String]
    /// The records' ids (sessions, check-ins, assessments), when the command names them.
    public var records: [String]
    public var destination: DisclosureDestination
    /// Who received it, a person or an organisation, as the user gave it with `--recipient`
    /// (`disclosed --to`): never a client.
    public var recipient: String?
    /// Why, as the user gave it with `--purpose`.
    public var purpose: String?
    /// Why the accounting leaves it out, as given with `--exempt`.
    public var exempt: DisclosureExemption?
    /// The login of the person who ran the command, when the command line knows it.
    public var by: String?
    /// A disclosure with no end of its own (`serve` runs until it is stopped): no outcome follows.
    public var ongoing: Bool
    /// When a disclosure made outside afterflow (`to: outside`) was written in the log; `at` is
    /// when it was made.
    public var logged: Date?

    public init(id: UUID = UUID(), at: Date, command: String, what: String, count: Int? = nil, clients: [String] = [],
                records: [String] = [], destination: DisclosureDestination, recipient: String? = nil, purpose: String? = nil,
                exempt: DisclosureExemption? = nil, by: String? = nil, ongoing: Bool = false, logged: Date? = nil) {
        self.id = id
        self.at = at
        self.command = command
        self.what = what
        self.count = count
        self.clients = clients
        self.records = records
        self.destination = destination
        self.recipient = recipient
        self.purpose = purpose
        self.exempt = exempt
        self.by = by
        self.ongoing = ongoing
        self.logged = logged
    }
}

/// The ids of a disclosure's records handed over one at a time, each to the function it is given:
/// for a disclosure of more records than are worth holding as a list (`export fhir` of a hundred
/// years of check-ins), logged with `DisclosureLog.record(_:records:)`.
public typealias DisclosureRecords = @Sendable ((String) throws(VaultError) -> Void) throws(VaultError) -> Void

/// Where a disclosure went.
public struct DisclosureDestination: Sendable, Equatable, CustomStringConvertible {
    public enum Kind: String, Sendable, CaseIterable {
        /// A file named with `-o` (its absolute path).
        case file
        /// Standard output, to whatever reads it.
        case standardOutput = "standard output"
        /// The phone page, at its address (without its token).
        case serve
        /// An encrypted archive of the vault (its path).
        case backup
        /// A git remote, by name.
        case git
        /// Given outside afterflow (a letter, a call, a form filled by hand) and recorded with
        /// `disclosed`.
        case outside
    }

    public var kind: Kind
    /// The path, address or remote's name; nil for standard output.
    public var target: String?

    public init(_ kind: Kind, _ target: String? = nil) {
        self.kind = kind
        self.target = target
    }

    public static let standardOutput = DisclosureDestination(.standardOutput)

    /// `file /home/ann/report.pdf`, `standard output`, `git origin`.
    public var description: String { target.map { kind.rawValue + " " + $0 } ?? kind.rawValue }
}

/// Why a disclosure is not part of the accounting a client may ask for (45 CFR 164.528(a)(1)):
/// for their treatment, payment or the practice's operations, to the client themselves, or under
/// their written authorisation. Such a disclosure is logged all the same, and listed with `--all`.
public enum DisclosureExemption: String, Sendable, CaseIterable {
    case treatment, payment, operations, client, authorized
}

/// How a disclosure ended: its second line in the log.
public struct DisclosureOutcome: Sendable, Equatable {
    public enum Status: String, Sendable {
        /// Every byte was written (a file committed under its name, standard output flushed).
        case done
        /// It stopped with an error; a file named with `-o` was not made.
        case failed
    }

    /// The disclosure it ends.
    public var id: UUID
    public var at: Date
    public var status: Status
    /// How many bytes left, when known.
    public var bytes: Int?
    /// The SHA-256 of those bytes, as `sha256sum` prints it.
    public var sha256: String?

    public init(id: UUID, at: Date, status: Status, bytes: Int? = nil, sha256: String? = nil) {
        self.id = id
        self.at = at
        self.status = status
        self.bytes = bytes
        self.sha256 = sha256
    }
}
