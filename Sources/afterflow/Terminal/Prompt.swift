import Foundation

/// Questions on the terminal; never asked when standard input or error is not one.
enum Prompt {
    /// Asks a yes/no question; an empty answer takes `defaultYes`.
    static func confirm(_ question: String, defaultYes: Bool) -> Bool {
        guard Terminal.current.isInteractive else { return defaultYes }
        FileHandle.standardError.write(Data("\(question) \(defaultYes ? "[Y/n]" : "[y/N]") ".utf8))
        guard let answer = readLine()?.trimmingCharacters(in: .whitespaces).lowercased() else { return defaultYes }
        if answer.isEmpty { return defaultYes }
        return answer == "y" || answer == "yes"
    }

    /// Asks to pick one of `options` by number (or by its first word); an empty answer or the end
    /// of input takes `defaultIndex`. Returns nil when there is no terminal to ask on.
    static func choose(_ question: String, _ options: [String], defaultIndex: Int) -> Int? {
        guard Terminal.current.isInteractive else { return nil }
        var text = question + "\n"
        for (index, option) in options.enumerated() {
            text += "  \(index + 1)) \(option)\(index == defaultIndex ? " (default)" : "")\n"
        }
        FileHandle.standardError.write(Data(text.utf8))
        for _ in 0..<3 {
            FileHandle.standardError.write(Data("Choose 1-\(options.count) [\(defaultIndex + 1)]: ".utf8))
            guard let line = readLine() else { return defaultIndex }
            let answer = line.trimmingCharacters(in: .whitespaces).lowercased()
            if answer.isEmpty { return defaultIndex }
            if let number = Int(answer), (1...options.count).contains(number) { return number - 1 }
            if let index = options.firstIndex(where: { $0.lowercased().hasPrefix(answer) }) { return index }
        }
        return defaultIndex
    }
}
