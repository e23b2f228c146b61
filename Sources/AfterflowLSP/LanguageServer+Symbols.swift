import AfterflowKit
import Foundation

/// Document symbols: the headings of the body as the library reads them (not those in code
/// fences), and in a trial session each goal its lines name, with its trial count and successes.
extension LanguageServer {
    func documentSymbols(_ params: JSON?) -> Result<JSON, Failure> {
        guard let uri = params?["textDocument"]?["uri"]?.string else {
            return .failure(.params("textDocument/documentSymbol needs a textDocument's uri"))
        }
        guard let open = documents[uri] else { return .success([]) }
        let text = open.document
        let document = Document(bytes: Array(text.text.utf8))
        var symbols: [JSON] = document.headings.map { heading in
            LanguageServer.symbol(heading.title, detail: nil, kind: 15, line: heading.line, in: text)
        }
        if DocumentKind(typeValue: DocumentKind.typeValue(of: document)) == .trials {
            var byGoal: [(goal: String, line: Int, trials: Int, successes: Int)] = []
            for trial in TrialSession(document: document).trials {
                if let index = byGoal.firstIndex(where: { $0.goal == trial.goal }) {
                    byGoal[index].trials += 1
                    byGoal[index].successes += trial.success ? 1 : 0
                } else {
                    byGoal.append((trial.goal, trial.line ?? 0, 1, trial.success ? 1 : 0))
                }
            }
            symbols += byGoal.map { goal in
                LanguageServer.symbol(goal.goal, detail: "\(goal.trials) trial\(goal.trials == 1 ? "" : "s"), \(goal.successes) +",
                                      kind: 7, line: goal.line, in: text)
            }
        }
        return .success(.array(symbols))
    }

    /// A symbol spanning line `line` (from zero).
    static func symbol(_ name: String, detail: String?, kind: Int, line: Int, in document: TextDocument) -> JSON {
        let range = TextRange(start: Position(line: line, character: 0),
                              end: Position(line: line, character: document.line(line).utf16.count))
        var symbol: [String: JSON] = ["name": .string(name.isEmpty ? "(untitled)" : name), "kind": .int(kind), "range": range.json, "selectionRange": range.json]
        if let detail { symbol["detail"] = .string(detail) }
        return .object(symbol)
    }
}
