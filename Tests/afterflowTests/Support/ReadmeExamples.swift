import Foundation

/// The README's ```` ```console ```` blocks, read as a person reads them: `$ ` starts a command
/// (a line ending in `\` continues it on the next), and the lines up to the next command are what
/// it prints.
///
/// An HTML comment on the line before a block says how to run it (words separated by `;`):
///
///     <!-- readme-test: skip (needs Chromium, and names where it is installed) -->
///     <!-- readme-test: empty home; now 2024-12-10T14:31:00-08:00 -->
///     <!-- readme-test: run sed -i 's/^mood_before: 4$/mood_before: 11/' sessions/2025/2025-02-14-ketamine.md -->
///
/// `skip (why)` leaves the block out; `empty home` starts in a home with no journal,
/// `new journal` in an empty vault at `~/Journal` (otherwise `~/Journal` is a copy of ExampleVault
/// and the block starts in it); `now TIME` sets the clock (`AFTERFLOW_NOW`); `run COMMAND` runs a
/// shell command (without `;`) first, unseen, where `$EXAMPLE_VAULT` is another copy of
/// ExampleVault. Several comments may stand before one block.
///
/// A line `…` alone in an output stands for lines left out: the lines before it must start the
/// output and those after it end it.
struct ReadmeExamples {
    struct Command {
        /// The command line, continuation lines included, without `$ `.
        var text: String
        /// What the README says it prints, one string a line.
        var output: [String]
        /// The README's lines holding that output (0-based), to rewrite when recording.
        var outputLines: Range<Int>
    }

    struct Block {
        /// The README line of the opening fence (0-based).
        var line: Int
        /// The fence's indentation, which every line of the block shares.
        var indent: String
        var directives: [String]
        var commands: [Command]

        var skipReason: String? {
            directives.first { $0.hasPrefix("skip") }.map { String($0.dropFirst(4)).trimmingCharacters(in: .whitespaces) }
        }

        func has(_ word: String) -> Bool { directives.contains(word) }

        func value(of word: String) -> String? {
            directives.first { $0.hasPrefix(word + " ") }.map { String($0.dropFirst(word.count + 1)) }
        }

        var setupCommands: [String] {
            directives.filter { $0.hasPrefix("run ") }.map { String($0.dropFirst(4)) }
        }
    }

    var lines: [String]
    var blocks: [Block] = []

    init(text: String) {
        lines = text.components(separatedBy: "\n")
        var index = 0
        while index < lines.count {
            let line = lines[index]
            let trimmed = line.drop { $0 == " " }
            guard trimmed == "```console" else {
                index += 1
                continue
            }
            let indent = String(line.prefix(line.count - trimmed.count))
            var directives: [String] = []
            var above = index - 1
            while above >= 0, let comment = ReadmeExamples.directive(lines[above]) {
                directives = comment + directives
                above -= 1
            }
            var block = Block(line: index, indent: indent, directives: directives, commands: [])
            index += 1
            while index < lines.count, lines[index].trimmingCharacters(in: .whitespaces) != "```" {
                let content = lines[index].hasPrefix(indent) ? String(lines[index].dropFirst(indent.count)) : lines[index]
                if content.hasPrefix("$ ") {
                    var text = String(content.dropFirst(2))
                    while text.hasSuffix("\\"), index + 1 < lines.count {
                        index += 1
                        let next = lines[index].hasPrefix(indent) ? String(lines[index].dropFirst(indent.count)) : lines[index]
                        text += "\n" + next
                    }
                    block.commands.append(Command(text: text, output: [], outputLines: (index + 1)..<(index + 1)))
                } else if !block.commands.isEmpty {
                    block.commands[block.commands.count - 1].output.append(content)
                    block.commands[block.commands.count - 1].outputLines = block.commands[block.commands.count - 1].outputLines.lowerBound..<(index + 1)
                }
                index += 1
            }
            blocks.append(block)
            index += 1
        }
    }

    /// The words of `<!-- readme-test: a; b -->`, or nil for any other line.
    static func directive(_ line: String) -> [String]? {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        guard trimmed.hasPrefix("<!-- readme-test:"), trimmed.hasSuffix("-->") else { return nil }
        let body = trimmed.dropFirst("<!-- readme-test:".count).dropLast(3)
        return body.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    /// The README with each command's output replaced by `outputs[block][command]` (for blocks
    /// given), indented as its block.
    func rewritten(_ outputs: [Int: [[String]]]) -> String {
        var result = lines
        // From the end, so that earlier line numbers stay right.
        for (blockIndex, block) in blocks.enumerated().reversed() {
            guard let new = outputs[blockIndex] else { continue }
            for (commandIndex, command) in block.commands.enumerated().reversed() where commandIndex < new.count {
                let indented = new[commandIndex].map { $0.isEmpty ? "" : block.indent + $0 }
                result.replaceSubrange(command.outputLines, with: indented)
            }
        }
        return result.joined(separator: "\n")
    }
}

/// Ids in output (`29597507`, `2F57D208-…`) are new every run: a line matches the README's when it
/// does with its ids swapped for the README's, the same README id always standing for the same one.
struct IDMatcher {
    private(set) var readmeToActual: [String: String] = [:]
    private(set) var actualToReadme: [String: String] = [:]

    /// Eight hexadecimal digits, or a whole UUID, as words.
    static func ids(in line: String) -> [(range: Range<String.Index>, text: String)] {
        let pattern = #/\b[0-9A-F]{8}(?:-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12})?\b/#
        return line.matches(of: pattern).map { ($0.range, String(line[$0.range])) }
    }

    /// Whether `actual` is `expected` with other ids; records the pairs when it is.
    mutating func match(expected: String, actual: String) -> Bool {
        if expected == actual { return true }
        let want = IDMatcher.ids(in: expected)
        let got = IDMatcher.ids(in: actual)
        guard want.count == got.count, !want.isEmpty else { return false }
        func skeleton(_ line: String, _ ids: [(range: Range<String.Index>, text: String)]) -> String {
            var out = line
            for id in ids.reversed() { out.replaceSubrange(id.range, with: "<id>") }
            return out
        }
        guard skeleton(expected, want) == skeleton(actual, got) else { return false }
        var readme = readmeToActual
        var reverse = actualToReadme
        for (w, g) in zip(want, got) {
            // A short id is the start of a full one: pair them by their first 8 characters.
            let (w8, g8) = (String(w.text.prefix(8)), String(g.text.prefix(8)))
            if let known = readme[w8], known != g8 { return false }
            if let known = reverse[g8], known != w8 { return false }
            readme[w8] = g8
            reverse[g8] = w8
        }
        readmeToActual = readme
        actualToReadme = reverse
        return true
    }

    /// `text` with the ids the README used put back in place of the ones this run made.
    func readmeIDs(in text: String) -> String {
        var out = text
        for id in IDMatcher.ids(in: text).reversed() {
            if let readme = actualToReadme[String(id.text.prefix(8))] {
                out.replaceSubrange(id.range, with: readme + id.text.dropFirst(8))
            }
        }
        return out
    }

    /// `command` with the README's ids replaced by the ones this run made.
    func actualIDs(in command: String) -> String {
        var out = command
        for id in IDMatcher.ids(in: command).reversed() {
            if let actual = readmeToActual[String(id.text.prefix(8))] {
                out.replaceSubrange(id.range, with: actual + id.text.dropFirst(8))
            }
        }
        return out
    }
}
