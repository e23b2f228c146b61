import Foundation

/// Quick reflections: `[YYYY-MM-DD HH:MM] text` entries in the `## Reflections` section.
extension SessionEditor {
    /// `[2024-12-11 09:12] text`: the entry for `text` typed at `date`, in the vault's time zone.
    public func reflectionEntry(_ text: String, at date: Date) -> String {
        "[\(LocalDate(date, in: timeZone).shortString)] \(text)"
    }

    /// Adds `text`, typed at `typed`, as an entry at the end of `## Reflections` (first with
    /// `prepend`), clears the reminder, writes the status and sets `updated` to `now`.
    ///
    /// The text is trimmed; only the Reflections lines and the changed front-matter keys differ.
    public func addingReflection(_ text: String, typedAt typed: Date, prepend: Bool, to document: Document, now: Date) throws(Rejection) -> Document {
        let trimmed = FieldText.normalizingLineBreaks(text.trimmingCharacters(in: .whitespacesAndNewlines))
        guard !trimmed.isEmpty else { throw Rejection(message: "the reflection is empty; nothing to add") }
        if let problem = FieldText.problem(field: "the reflection", text: trimmed, multiline: true) { throw Rejection(message: problem) }
        if let problem = SessionSection.reflections.problem(with: trimmed) { throw Rejection(message: problem) }
        if let refusal = Rejection.sectionWrite(into: document) { throw refusal }
        var result = document.addingReflection(reflectionEntry(trimmed, at: typed), prepend: prepend)
        result = result.settingFrontMatter(SessionKey.reminder.rawValue, to: nil, order: SessionKey.order)
        return finishing(result, now: now)
    }
}

extension Document {
    /// Adds `entry` to the `## Reflections` section after a blank line, or first with `prepend`;
    /// an empty section takes it as its text, and a missing one is created.
    func addingReflection(_ entry: String, prepend: Bool) -> Document {
        let title = SessionSection.reflections.rawValue
        let entryLines = entry.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let section = section(title) else {
            return settingSection(title, text: entry, order: SessionSection.order)
        }
        var first = section.content.lowerBound
        var last = section.content.upperBound
        while first < last && isBlank(first) { first += 1 }
        while last > first && isBlank(last - 1) { last -= 1 }
        if first == last { return settingSection(title, text: entry, order: SessionSection.order) }
        if prepend { return replacingLines(first..<first, with: entryLines + [""]) }
        return replacingLines(last..<last, with: [""] + entryLines)
    }
}
