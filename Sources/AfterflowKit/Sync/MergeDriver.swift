import Foundation

/// Merges two versions of a vault document that grew apart from a common ancestor, as git's merge
/// driver for `*.md` (`afterflow merge-driver`).
///
/// When both sides changed an afterflow document (a file with front matter), it is merged by its
/// structure:
/// - front-matter keys three-way: a key changed on one side takes that side; the same key changed
///   differently on both is a conflict written with markers around that key's lines only;
///   `updated` (and a trial session's `end`) takes the later time; a session's `status` is
///   derived again from the merged content;
/// - `## Reflections` of a session: the `[YYYY-MM-DD HH:MM] text` entries of both sides, each
///   entry one unit, in time order;
/// - `## Trials` of a trial session: the trial lines of both sides in time order, an exact
///   duplicate once;
/// - every other section, and the text before the first section, three-way by lines.
/// A file without front matter (or whose front matter cannot be read) merges three-way by lines.
/// No line that either side wrote is dropped: what cannot be merged stays as a conflict.
public enum DocumentMerge {
    public struct Result: Sendable, Equatable {
        public var bytes: [UInt8]
        /// How many conflicts (marker blocks) the bytes hold; 0 for a clean merge.
        public var conflicts: Int

        public init(bytes: [UInt8], conflicts: Int) {
            self.bytes = bytes
            self.conflicts = conflicts
        }
    }

    public static func merge(base: [UInt8], ours: [UInt8], theirs: [UInt8]) -> Result {
        if ours == theirs || theirs == base { return Result(bytes: ours, conflicts: 0) }
        if ours == base { return Result(bytes: theirs, conflicts: 0) }
        let o = Document(bytes: ours), t = Document(bytes: theirs)
        let b = Document(bytes: base)
        let layout = Layout(ours: o, theirs: t)
        if let po = Parsed(o), let pt = Parsed(t), let pb = base.isEmpty ? Parsed.empty : Parsed(b) {
            let kind = DocumentKind(typeValue: DocumentKind.typeValue(of: o))
            var merged = mergeStructured(base: pb, ours: po, theirs: pt, kind: kind)
            var bytes = layout.join(merged.lines)
            if kind == .session {
                bytes = recomputingStatus(bytes)
            }
            merged.lines = []
            return Result(bytes: bytes, conflicts: merged.conflicts)
        }
        let output = Diff3.merge(base: lines(of: b), ours: lines(of: o), theirs: lines(of: t))
        return Result(bytes: layout.join(output.lines), conflicts: output.conflicts)
    }

    // MARK: - Layout

    static func lines(of document: Document) -> [Diff3.Line] {
        document.lines.map { Array(document.bytes[$0.start..<$0.end]) }
    }

    /// How the result is written: our BOM and line ending, and a final line feed when either side
    /// ends with one.
    struct Layout {
        var bom: Bool
        var ending: [UInt8]
        var finalNewline: Bool

        init(ours: Document, theirs: Document) {
            bom = ours.hasBOM
            ending = ours.lineEnding.bytes
            finalNewline = (ours.lines.last?.isTerminated ?? false) || (theirs.lines.last?.isTerminated ?? false)
        }

        func join(_ lines: [Diff3.Line]) -> [UInt8] {
            var out: [UInt8] = bom ? [0xEF, 0xBB, 0xBF] : []
            for (index, line) in lines.enumerated() {
                out += line
                if index < lines.count - 1 || finalNewline { out += ending }
            }
            return out
        }
    }

    // MARK: - Structure

    /// A document cut into the pieces that merge on their own.
    struct Parsed {
        struct Entry {
            var key: String
            var lines: [Diff3.Line]
            /// The comment and blank lines after the entry, up to the next one.
            var trailing: [Diff3.Line]
        }

        struct Chunk {
            /// `""` for the text before the first `##` section; the section's title otherwise
            /// (lower case, with `#2`… for a title seen again).
            var key: String
            var lines: [Diff3.Line]
        }

        var opening: [Diff3.Line]
        var preamble: [Diff3.Line]
        var entries: [Entry]
        var closing: [Diff3.Line]
        var chunks: [Chunk]

        static let empty = Parsed(opening: [], preamble: [], entries: [], closing: [], chunks: [])

        init(opening: [Diff3.Line], preamble: [Diff3.Line], entries: [Entry], closing: [Diff3.Line], chunks: [Chunk]) {
            self.opening = opening
            self.preamble = preamble
            self.entries = entries
            self.closing = closing
            self.chunks = chunks
        }

        /// Nil for a file without front matter, with an error in its structure, or with a key
        /// written twice: those merge by lines.
        init?(_ document: Document) {
            guard let frontMatter = document.frontMatter,
                  !document.diagnostics.contains(where: { $0.severity == .error }) else { return nil }
            let all = DocumentMerge.lines(of: document)
            let keys = frontMatter.entries.map(\.key)
            guard Set(keys).count == keys.count else { return nil }
            opening = [all[frontMatter.openingLine]]
            closing = [all[frontMatter.closingLine]]
            let firstEntry = frontMatter.entries.first?.lines.lowerBound ?? frontMatter.closingLine
            preamble = Array(all[(frontMatter.openingLine + 1)..<firstEntry])
            entries = frontMatter.entries.enumerated().map { index, entry in
                let next = index + 1 < frontMatter.entries.count ? frontMatter.entries[index + 1].lines.lowerBound : frontMatter.closingLine
                return Entry(key: entry.key, lines: Array(all[entry.lines]), trailing: Array(all[entry.lines.upperBound..<next]))
            }
            var starts: [(key: String, line: Int)] = [("", document.bodyStartLine)]
            var seen: [String: Int] = [:]
            for heading in document.headings where heading.level == 2 {
                let title = heading.title.lowercased()
                let count = seen[title, default: 0] + 1
                seen[title] = count
                starts.append((count == 1 ? title : "\(title)#\(count)", heading.line))
            }
            chunks = starts.enumerated().map { index, start in
                let end = index + 1 < starts.count ? starts[index + 1].line : all.count
                return Chunk(key: start.key, lines: Array(all[start.line..<end]))
            }
        }
    }

    struct Merged {
        var lines: [Diff3.Line]
        var conflicts: Int
        /// Whether both sides changed `status` (ours was kept, to be derived again).
        var statusMerged: Bool
    }

    static func mergeStructured(base: Parsed, ours: Parsed, theirs: Parsed, kind: DocumentKind?) -> Merged {
        var out: [Diff3.Line] = []
        var conflicts = 0
        var statusMerged = false
        func add(_ output: Diff3.Output) {
            out += output.lines
            conflicts += output.conflicts
        }
        add(Diff3.merge(base: base.opening, ours: ours.opening, theirs: theirs.opening))
        add(Diff3.merge(base: base.preamble, ours: ours.preamble, theirs: theirs.preamble))

        let laterKeys: Set<String> = kind == .trials ? ["updated", "end"] : ["updated"]
        let baseEntries = Dictionary(base.entries.map { ($0.key, $0) }, uniquingKeysWith: { a, _ in a })
        let oursEntries = Dictionary(ours.entries.map { ($0.key, $0) }, uniquingKeysWith: { a, _ in a })
        let theirsEntries = Dictionary(theirs.entries.map { ($0.key, $0) }, uniquingKeysWith: { a, _ in a })
        for key in keyOrder(ours: ours.entries.map(\.key), theirs: theirs.entries.map(\.key)) {
            let b = baseEntries[key], o = oursEntries[key], t = theirsEntries[key]
            let bl = b?.lines, ol = o?.lines, tl = t?.lines
            if ol == tl || tl == bl {
                out += ol ?? []
            } else if ol == bl {
                out += tl ?? []
            } else if let ol, let tl, laterKeys.contains(key) {
                out += isLater(tl, than: ol) ? tl : ol
            } else if let ol, tl != nil, key == "status", kind == .session {
                out += ol
                statusMerged = true
            } else {
                out += Diff3.conflict(ours: ol ?? [], theirs: tl ?? [])
                conflicts += 1
            }
            add(Diff3.merge(base: b?.trailing ?? [], ours: o?.trailing ?? [], theirs: t?.trailing ?? []))
        }
        add(Diff3.merge(base: base.closing, ours: ours.closing, theirs: theirs.closing))

        let baseChunks = Dictionary(base.chunks.map { ($0.key, $0.lines) }, uniquingKeysWith: { a, _ in a })
        let oursChunks = Dictionary(ours.chunks.map { ($0.key, $0.lines) }, uniquingKeysWith: { a, _ in a })
        let theirsChunks = Dictionary(theirs.chunks.map { ($0.key, $0.lines) }, uniquingKeysWith: { a, _ in a })
        for key in keyOrder(ours: ours.chunks.map(\.key), theirs: theirs.chunks.map(\.key)) {
            let b = baseChunks[key], o = oursChunks[key], t = theirsChunks[key]
            if o == t || t == b {
                out += o ?? []
            } else if o == b {
                out += t ?? []
            } else if let o, let t, let units = UnitSection(key: key, kind: kind) {
                add(units.merge(base: b ?? [], ours: o, theirs: t))
            } else {
                add(Diff3.merge(base: b ?? [], ours: o ?? [], theirs: t ?? []))
            }
        }
        return Merged(lines: out, conflicts: conflicts, statusMerged: statusMerged)
    }

    /// Our keys in our order, with each key only theirs has placed after the key it follows there.
    static func keyOrder(ours: [String], theirs: [String]) -> [String] {
        var order = ours
        var present = Set(ours)
        var previous: String?
        for key in theirs {
            if !present.contains(key) {
                let at = previous.flatMap { p in order.firstIndex(of: p).map { $0 + 1 } } ?? (order.first == "" ? 1 : 0)
                order.insert(key, at: min(at, order.count))
                present.insert(key)
            }
            previous = key
        }
        return order
    }

    /// Whether the time on `a`'s key line is later than on `b`'s (text order when either does not
    /// read as a time).
    static func isLater(_ a: [Diff3.Line], than b: [Diff3.Line]) -> Bool {
        func value(_ lines: [Diff3.Line]) -> String {
            guard let first = lines.first else { return "" }
            let text = String(decoding: first, as: UTF8.self)
            guard let colon = text.firstIndex(of: ":") else { return text }
            return text[text.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        let utc = TimeZone(identifier: "UTC")!
        let x = value(a), y = value(b)
        if let dx = LocalDate.parse(x)?.date(in: utc), let dy = LocalDate.parse(y)?.date(in: utc) { return dx > dy }
        return x > y
    }

    /// The session's `status` written again from its merged content, when it reads cleanly.
    static func recomputingStatus(_ bytes: [UInt8]) -> [UInt8] {
        let document = Document(bytes: bytes)
        guard document.frontMatter?.entry("status") != nil,
              !document.diagnostics.contains(where: { $0.severity == .error }) else { return bytes }
        let session = Session(document: document)
        guard session.recordedStatus != session.status else { return bytes }
        return document.settingFrontMatter("status", to: ["status: \(session.status.rawValue)"], order: SessionKey.order).bytes
    }
}
