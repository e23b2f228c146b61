import AfterflowKit
import Foundation

/// Completion: front-matter keys of the document's kind not yet present, their values, and in a
/// trial line the client's goals and the vault's cue levels. What keys and values exist and mean
/// comes from the library (`KindDescriptor.keys`, `meaning(ofKey:)`, `valueChoices(forKey:)`).
extension LanguageServer {
    func completion(_ params: JSON?) -> Result<JSON, Failure> {
        guard let uri = params?["textDocument"]?["uri"]?.string, let position = Position(params?["position"]) else {
            return .failure(.params("textDocument/completion needs a textDocument's uri and a position"))
        }
        guard let open = documents[uri] else { return .success(.null) }
        let document = open.document
        let line = document.line(position.line)
        let cursor = document.index(of: position)
        let prefix = String(line[line.startIndex..<max(line.startIndex, min(cursor, line.endIndex))])
        let place = CompletionPlace(document: document, line: position.line)
        var items: [JSON] = []
        if let kind = place.kind, place.inFrontMatter {
            if let colon = prefix.firstIndex(of: ":") {
                let key = prefix[..<colon].trimmingCharacters(in: .whitespaces)
                items = valueItems(kind: kind, key: key, path: open.relativePath)
            } else if !prefix.hasPrefix(" "), !prefix.hasPrefix("-") {
                items = kind.descriptor.keys.filter { !place.presentKeys.contains($0) }.map { key in
                    LanguageServer.item(key, kind: 10, meaning: kind.descriptor.meaning(ofKey: key), insert: key + ": ")
                }
            }
        } else if let relative = open.relativePath, let typed = LanguageServer.openLink(prefix) {
            items = linkItems(typed: typed, path: relative)
        } else if place.kind == .trials, let relative = open.relativePath {
            items = trialLineItems(prefix: prefix, path: relative)
        }
        return .success(["isIncomplete": false, "items": .array(items)])
    }

    /// The values of `key`: the kind's own, then those the vault knows.
    private func valueItems(kind: DocumentKind, key: String, path: String?) -> [JSON] {
        var choices = kind.descriptor.valueChoices(forKey: key)
        var items: [JSON] = []
        if let vault = workspace?.vault {
            // By key, whatever the kind: a key means the same in every kind that has it.
            switch key {
            case "cue", "counts_correct":
                choices += vault.config.cueLevels.names.map { FieldChoice($0, "A cue level of this vault (least support first).") }
            case "treatment" where kind == .session:
                // The vault's catalogue: afterflow's common ones and its own, after the app's nine.
                let listed = Set(choices.map(\.value))
                choices += vault.config.treatments.entries.filter { !listed.contains($0.treatment.rawValue) }.map {
                    FieldChoice($0.treatment.rawValue, $0.displayName + ($0.isAppTreatment ? "" : " (the app's CSV writes Other)"))
                }
            case "administration" where kind == .session:
                // The vault's own routes, after the built-in ones.
                let listed = Set(choices.map(\.value))
                choices += vault.config.routes.entries.filter { !listed.contains($0.route.rawValue) }.map {
                    FieldChoice($0.route.rawValue, $0.displayName + " (the app's CSV writes Other)")
                }
            case "tags":
                let tags = (try? workspace?.store.tagCounts(SessionFilter())) ?? []
                choices += tags.map { FieldChoice($0.tag, "A tag used in \($0.sessions) session\($0.sessions == 1 ? "" : "s").") }
            case "client":
                items = clientItems(vault)
            case "date", "reminder", "started":
                let today = LocalDate(now(), in: vault.timeZone)
                let day = LocalDate(year: today.year, month: today.month, day: today.day).dayString
                items = [LanguageServer.item("today", kind: 12, meaning: "Today, \(day).", insert: day)]
                if key == "date", let next = nextSession(kind: kind, path: path, today: today, vault) {
                    items.append(LanguageServer.item("next session", kind: 12, meaning: next.meaning, insert: next.date.canonical(in: vault.timeZone)))
                }
            default: break
            }
        }
        return choices.map { LanguageServer.item($0.value, kind: 12, meaning: $0.meaning, insert: nil) } + items
    }

    /// The next session of the series the document at `path` belongs to (`NextSession`): a
    /// journal session's, the journal's sessions; a trial session's, its client's. The document
    /// itself is left out, so a session being dated does not count as the latest.
    private func nextSession(kind: DocumentKind, path: String?, today: LocalDate, _ vault: Vault) -> NextSession? {
        var dates: [LocalDate] = []
        if kind == .session {
            let sessions = (try? workspace?.store.sessions(SessionFilter())) ?? []
            dates = sessions.filter { $0.path != path && !$0.isDraft }.compactMap(\.date)
        } else if kind == .trials, let parts = path?.split(separator: "/"), parts.count > 2, parts[0] == "clients",
                  let record = try? DocumentStore(vault: vault).load(String(parts[1])) {
            dates = record.sessions.filter { $0.path != path }.compactMap(\.session.date)
        }
        return NextSession.after(dates, today: today)
    }

    /// The text typed after an unclosed `[[` at the end of `prefix`, when there is one.
    static func openLink(_ prefix: String) -> String? {
        guard let open = prefix.range(of: "[[", options: .backwards) else { return nil }
        let typed = prefix[open.upperBound...]
        return typed.contains("]") || typed.contains("|") ? nil : String(typed)
    }

    /// What a wiki link may name (`RecordLinkResolver`): clients, their goals as `client/goal`,
    /// the days with records (newest first) and the records' file names, those starting with
    /// what was typed; at most 200.
    private func linkItems(typed: String, path: String) -> [JSON] {
        guard let workspace else { return [] }
        var names: [(String, String)] = []
        var seen: Set<String> = []
        for record in knownPaths(workspace).sorted(by: >) where record != path {
            let parts = record.split(separator: "/").map(String.init)
            let stem = String(parts.last?.dropLast(3) ?? "")
            var candidates: [(String, String)] = []
            if parts.count == 3, parts[0] == "clients", stem == "client" { candidates.append((parts[1], "client")) }
            if parts.count == 4, parts[0] == "clients", parts[2] == "goals" { candidates.append((parts[1] + "/" + stem, "goal")) }
            if let day = RecordLink.day(of: stem) { candidates.append((day, "the records of that day")) }
            if stem != "client" { candidates.append((stem, record)) }
            for (name, meaning) in candidates where name.lowercased().hasPrefix(typed.lowercased()) && seen.insert(name).inserted {
                names.append((name, meaning))
            }
        }
        return names.prefix(200).map { LanguageServer.item($0.0, kind: 18, meaning: $0.1, insert: nil) }
    }

    /// Each client by short name, inserting its id (what `client:` holds).
    private func clientItems(_ vault: Vault) -> [JSON] {
        let store = DocumentStore(vault: vault)
        return store.clientShorts().compactMap { short in
            guard let record = try? store.load(short), let id = record.client.id else { return nil }
            return LanguageServer.item(short, kind: 12, meaning: "\(record.client.name ?? short): id \(id.uuidString)", insert: id.uuidString)
        }
    }

    /// In a trial line (`- 15:02:23 goal + cue`): the client's goals where the goal goes, the
    /// vault's cue levels after the outcome.
    private func trialLineItems(prefix: String, path: String) -> [JSON] {
        let words = prefix.split(separator: " ", omittingEmptySubsequences: false)
        guard words.count >= 3, words[0] == "-", words[1].contains(":"), let vault = workspace?.vault else { return [] }
        if words.count == 3 {
            let parts = path.split(separator: "/")
            guard parts.count > 2, parts[0] == "clients", let record = try? DocumentStore(vault: vault).load(String(parts[1])) else { return [] }
            return record.goals.map { goal in
                let phase = goal.goal.phase.map { " (\($0.rawValue))" } ?? ""
                return LanguageServer.item(goal.short, kind: 12, meaning: (goal.goal.title ?? goal.short) + phase, insert: nil)
            }
        }
        guard words.count == 5, words[3] == "+" || words[3] == "-" else { return [] }
        return vault.config.cueLevels.names.map { LanguageServer.item($0, kind: 12, meaning: "A cue level of this vault.", insert: nil) }
    }

    static func item(_ label: String, kind: Int, meaning: String?, insert: String?) -> JSON {
        var item: [String: JSON] = ["label": .string(label), "kind": .int(kind)]
        if let meaning { item["documentation"] = ["kind": "plaintext", "value": .string(meaning)] }
        if let insert { item["insertText"] = .string(insert) }
        return .object(item)
    }
}

/// Where a line stands in a document: in the front matter or not, and the document's kind and
/// keys, read from the text as typed (an unclosed front matter runs to the end).
struct CompletionPlace {
    var inFrontMatter = false
    var kind: DocumentKind?
    var presentKeys = Set<String>()

    init(document: TextDocument, line: Int) {
        guard document.line(0).trimmingCharacters(in: .whitespaces) == "---" else {
            kind = nil
            return
        }
        var closing = document.lineCount
        var typeValue: String?
        for index in 1..<max(1, document.lineCount) {
            let text = document.line(index)
            if text == "---" || text == "..." { closing = index; break }
            guard let colon = text.firstIndex(of: ":"), !text.hasPrefix(" "), !text.hasPrefix("-") else { continue }
            let key = String(text[..<colon])
            presentKeys.insert(key)
            if key == "type" { typeValue = text[text.index(after: colon)...].trimmingCharacters(in: .whitespaces) }
        }
        inFrontMatter = line > 0 && line < closing
        kind = DocumentKind(typeValue: typeValue)
    }
}
