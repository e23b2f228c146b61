import Foundation

extension DocumentStore {
    /// Where a new document of a kind goes in the vault: a folder, the stem of its file name, and
    /// whether a taken name moves on to the next free one (`FreeName`) or is refused.
    public struct Placement: Sendable, Equatable {
        public enum Naming: Sendable, Equatable {
            /// `stem.md`, else `stem-2.md`, `stem-3.md` … up to `limit` names (nil: no limit).
            case free(limit: Int?)
            /// Only `stem.md`: a file there is never replaced.
            case exact
        }

        /// Vault-relative, without a trailing `/`; empty for the vault's top.
        public var folder: String
        public var stem: String
        /// Without the dot; empty for none.
        public var fileExtension: String = "md"
        public var naming: Naming
        /// Sessions only: the path is reported where links inside the vault take it, and a
        /// journal session a link would put where the vault reads no documents is refused.
        var followsLinks = false
        /// The error when every name up to the limit is taken.
        var full: VaultError?

        /// The vault-relative path of the `attempt`th name (1 is the plain one).
        public func path(attempt: Int) -> String {
            let name = FreeName.fileName(stem, extension: fileExtension, attempt: attempt)
            return folder.isEmpty ? name : folder + "/" + name
        }

        public static func == (a: Placement, b: Placement) -> Bool {
            a.folder == b.folder && a.stem == b.stem && a.fileExtension == b.fileExtension && a.naming == b.naming
                && a.followsLinks == b.followsLinks
        }

        // MARK: - One rule per kind

        /// A session in `folder` (`sessions/2024`, or `.afterflow/drafts`): `2024-12-10-psilocybin.md`,
        /// its day and treatment, with anything but letters, digits, `-` and `_` made `-`.
        public static func session(folder: String, stem: String) -> Placement {
            Placement(folder: folder, stem: FreeName.sanitize(stem), naming: .free(limit: nil), followsLinks: true)
        }

        /// A trial session: `clients/<short>/sessions/YYYY/YYYY-MM-DD-HHMM.md`, its start.
        public static func trialSession(clientFolder: String, date: LocalDate) -> Placement {
            let time = date.time ?? LocalDate.Time(hour: 0, minute: 0, second: 0)
            return Placement(folder: "\(clientFolder)/sessions/\(String(format: "%04d", date.year))",
                             stem: String(format: "%@-%02d%02d", date.dayString, time.hour, time.minute), naming: .free(limit: nil))
        }

        /// A second observer's record of a trial session: beside it, named for its minute and the
        /// observer's initials in lower case (`…/2025-03-10-0900-jd.md`); letters and digits only,
        /// `observer` in front when there is no letter, so that the name is never one a session
        /// takes (`…-0900-2.md`).
        public static func reliabilityRecord(clientFolder: String, date: LocalDate, observer: String) -> Placement {
            var placement = trialSession(clientFolder: clientFolder, date: date)
            let initials = String(observer.lowercased().unicodeScalars.filter { ("a"..."z").contains($0) || ("0"..."9").contains($0) }.map(Character.init))
            placement.stem += "-" + (initials.allSatisfy(\.isNumber) ? "observer" + initials : initials)
            return placement
        }

        /// A mood check-in: `moods/YYYY/YYYY-MM-DD-HHMM.md`, its local minute; at most 99 a minute.
        public static func mood(date: LocalDate, timeZone: TimeZone) -> Placement {
            let (year, minute) = localMinute(date, timeZone)
            var placement = Placement(folder: "\(MoodWriter.folder)/\(year)", stem: minute, naming: .free(limit: 99))
            placement.full = VaultError(.exists, "there are 99 check-ins in that minute already (\(placement.path(attempt: 1)))",
                                        details: ["Give another time with --date."])
            return placement
        }

        /// An assessment: `assessments/YYYY/YYYY-MM-DD-HHMM-<instrument>.md`; at most 99 of an
        /// instrument a minute.
        public static func assessment(date: LocalDate, instrument: AssessmentInstrument, timeZone: TimeZone) -> Placement {
            assessment(date: date, instrumentID: instrument.rawValue, title: instrument.title, timeZone: timeZone)
        }

        /// An answer to any instrument: `assessments/YYYY/YYYY-MM-DD-HHMM-<id>.md`.
        public static func assessment(date: LocalDate, instrumentID: String, title: String, timeZone: TimeZone) -> Placement {
            let (year, minute) = localMinute(date, timeZone)
            var placement = Placement(folder: "\(AssessmentWriter.folder)/\(year)", stem: "\(minute)-\(instrumentID)",
                                      naming: .free(limit: 99))
            placement.full = VaultError(.exists, "there are 99 \(title) assessments in that minute already",
                                        details: ["Give another time with --date."])
            return placement
        }

        /// A client: `clients/<short>/client.md`.
        public static func client(_ short: String) -> Placement {
            exactly(PracticePath.clientPath(short))
        }

        /// A goal: `clients/<short>/goals/<goal>.md`.
        public static func goal(client short: String, goal: String) -> Placement {
            exactly(PracticePath.goalPath(client: short, goal: goal))
        }

        /// Exactly the vault-relative `path`.
        public static func exactly(_ path: String) -> Placement {
            let slash = path.lastIndex(of: "/")
            let folder = slash.map { String(path[..<$0]) } ?? ""
            let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
            let markdown = name.hasSuffix(".md")
            return Placement(folder: folder, stem: markdown ? String(name.dropLast(3)) : name,
                             fileExtension: markdown ? "md" : "", naming: .exact)
        }

        /// `2025` and `2025-03-04-0815`: the year and minute of `date` in `timeZone`.
        private static func localMinute(_ date: LocalDate, _ timeZone: TimeZone) -> (year: Int, minute: String) {
            let local = date.resolved(in: timeZone)
            let time = local.time ?? LocalDate.Time(hour: 0, minute: 0, second: 0)
            func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
            return (local.year, "\(local.year)-\(two(local.month))-\(two(local.day))-\(two(time.hour))\(two(time.minute))")
        }
    }
}

/// The one free-name rule of every file afterflow makes beside others (documents, exports, the
/// trash): the plain name first, then `-2`, `-3` … before the extension.
public enum FreeName {
    /// `stem.ext` for the first attempt, `stem-N.ext` for the Nth (`stem`, `stem-N` with no extension).
    public static func fileName(_ stem: String, extension ext: String, attempt: Int) -> String {
        let numbered = attempt > 1 ? "\(stem)-\(attempt)" : stem
        return ext.isEmpty ? numbered : numbered + "." + ext
    }

    /// The first of `name(1)`, `name(2)` … (up to `limit`, nil for none) that `taken` says is
    /// free; nil when all are taken.
    public static func first<E: Error>(limit: Int? = nil, _ name: (Int) -> String, taken: (String) throws(E) -> Bool) throws(E) -> String? {
        var attempt = 1
        while limit.map({ attempt <= $0 }) ?? true {
            let candidate = name(attempt)
            if try !taken(candidate) { return candidate }
            attempt += 1
        }
        return nil
    }

    /// Keeps letters, digits, `-` and `_`; anything else becomes `-`. Empty becomes `session`.
    public static func sanitize(_ name: String) -> String {
        let mapped = name.unicodeScalars.map { scalar -> Character in
            let v = scalar.value
            let ok = (v >= 0x30 && v <= 0x39) || (v >= 0x41 && v <= 0x5A) || (v >= 0x61 && v <= 0x7A) || v == 0x2D || v == 0x5F
            return ok ? Character(scalar) : "-"
        }
        let text = String(mapped)
        return text.isEmpty ? "session" : text
    }
}
