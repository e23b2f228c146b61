import Foundation

/// The JSON form of a session: the file's own keys, typed, then the sections and the path, each
/// key once. The body's sections win their names: a front-matter key named like one of them
/// (`intention:` beside `## Intention`), or `path`, is written in the object `shadowed` instead,
/// so that every JSON reader reads the same value and nothing is lost.
extension Session {
    /// The names the JSON gives the sections and the path (and `shadowed`, which holds the
    /// front-matter keys of those names).
    public static let jsonReservedKeys: Set<String> = ["intention", "environment", "music_notes", "reflections", "path", "shadowed"]

    public func json(path: String, timeZone: TimeZone) -> JSONValue {
        guard case .object(var members) = frontMatterJSON(timeZone: timeZone) else { return .null }
        members.append(("intention", .string(intention)))
        members.append(("environment", .string(environment)))
        members.append(("music_notes", .string(musicNotes)))
        members.append(("reflections", .string(reflections)))
        members.append(("path", .string(path)))
        return .object(members)
    }

    /// The front matter's keys in file order, typed (moods as numbers, dates canonical, tags as a
    /// list), with `status` as the content makes it.
    public func frontMatterJSON(timeZone: TimeZone) -> JSONValue {
        var members: [(String, JSONValue)] = [], shadowed: [(String, JSONValue)] = []
        for entry in document.frontMatter?.entries ?? [] {
            let key = SessionKey.named(entry.key)
            let value: JSONValue
            switch key {
            case .id: value = id.map { .string($0.uuidString) } ?? raw(entry.value)
            case .date: value = date.map { .string($0.canonical(in: timeZone)) } ?? raw(entry.value)
            case .reminder: value = reminder.map { .string($0.canonical(in: timeZone)) } ?? raw(entry.value)
            case .created: value = created.map { .string($0.canonical(in: timeZone)) } ?? raw(entry.value)
            case .updated: value = updated.map { .string($0.canonical(in: timeZone)) } ?? raw(entry.value)
            case .treatment: value = treatment.map { .string($0.rawValue) } ?? raw(entry.value)
            case .administration: value = administration.map { .string($0.rawValue) } ?? raw(entry.value)
            case .moodBefore: value = moodBefore.map { .int($0) } ?? raw(entry.value)
            case .moodAfter: value = moodAfter.map { .int($0) } ?? raw(entry.value)
            case .status: value = .string(status.rawValue)
            case .tags: value = .array(tags.map { .string($0) })
            default:
                // Seconds, as a number, when written as one.
                if entry.key == "music_duration", let s = entry.value.scalar, !s.isNull, let seconds = MusicDuration.seconds(parsing: s.text) {
                    value = .int(seconds)
                } else {
                    value = raw(entry.value)
                }
            }
            if Session.jsonReservedKeys.contains(entry.key) {
                shadowed.append((entry.key, value))
            } else {
                members.append((entry.key, value))
            }
        }
        if !members.contains(where: { $0.0 == "status" }) { members.append(("status", .string(status.rawValue))) }
        if !shadowed.isEmpty { members.append(("shadowed", .object(shadowed))) }
        return .object(members)
    }

    private func raw(_ value: YAMLValue) -> JSONValue {
        switch value {
        case .null: return .null
        case .scalar(let s): return s.isNull ? .null : .string(s.text)
        case .list(let items, _): return .array(items.map { .string($0.text) })
        }
    }
}
