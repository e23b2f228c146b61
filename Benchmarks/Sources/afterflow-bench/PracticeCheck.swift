import AfterflowKit
import Foundation

/// Reads every file of a generated practice as the vault reads it and checks what a generated
/// file must be: no diagnostic at all, each file the kind its place says, every trial naming a
/// goal of its client and a standard cue level, goals and sessions naming their client's id.
/// Prints what is wrong and a count; the exit status is 1 when anything is.
enum PracticeCheck {
    static func run(_ directory: String) -> Int32 {
        let vault: Vault
        do {
            vault = try Vault(root: directory)
        } catch {
            FileHandle.standardError.write(Data("\(error)\n".utf8))
            return 1
        }
        var problems: [String] = []
        var clients: [String: UUID] = [:]
        var goals: [String: Set<String>] = [:]
        var entries: [VaultEntry] = []
        for path in VaultScanner.documentPaths(in: vault) where path.hasPrefix("clients/") {
            guard let bytes = try? FileIO.read(directory + "/" + path) else {
                problems.append("\(path): cannot be read")
                continue
            }
            let entry = VaultEntry(path: path, bytes: bytes)
            problems += entry.diagnostics.map(\.description)
            let parts = path.split(separator: "/").map(String.init)
            let expected: DocumentKind = parts.count == 3 ? .client : parts[2] == "goals" ? .goal : .trials
            if entry.kind != expected {
                problems.append("\(path): expected a \(expected.rawValue) file, found \(entry.kind?.rawValue ?? "no type")")
            }
            switch entry.content {
            case .client(let client): clients[parts[1]] = client.id
            case .goal: goals[parts[1], default: []].insert(String(parts[3].dropLast(3)))
            default: break
            }
            entries.append(entry)
        }
        var trials = 0
        for entry in entries {
            let short = entry.path.split(separator: "/")[1]
            let clientID = clients[String(short)]
            switch entry.content {
            case .goal(let goal) where goal.client != clientID:
                problems.append("\(entry.path): the goal's client is not \(short)'s id")
            case .trials(let session):
                if session.client != clientID { problems.append("\(entry.path): the session's client is not \(short)'s id") }
                for trial in session.trials {
                    trials += 1
                    if !(goals[String(short)] ?? []).contains(trial.goal) {
                        problems.append("\(entry.path):\((trial.line ?? 0) + 1): \(trial.goal) is not a goal of \(short)")
                    }
                    if CueLevels.standard.rank(of: trial.cue) == nil {
                        problems.append("\(entry.path):\((trial.line ?? 0) + 1): \(trial.cue) is not a cue level")
                    }
                }
            default: break
            }
        }
        for problem in problems.prefix(50) { print(problem) }
        print("\(clients.count) clients, \(goals.values.reduce(0) { $0 + $1.count }) goals, \(entries.count - clients.count - goals.values.reduce(0) { $0 + $1.count }) sessions, \(trials) trials: \(problems.isEmpty ? "no problems" : "\(problems.count) problems")")
        return problems.isEmpty ? 0 : 1
    }
}
