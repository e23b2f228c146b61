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
}
