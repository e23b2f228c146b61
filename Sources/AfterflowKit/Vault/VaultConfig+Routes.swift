import Foundation

extension VaultConfig {
    /// `routes: [rectal, buccal=Buccal (in the cheek)]`: each item a name (lower case letters,
    /// digits, - and _), then optionally `=` and its display name. A built-in route named again
    /// takes the display name given; a bad or repeated item is an error at that item and is left out.
    mutating func readRoutes(_ entry: FrontMatterEntry) {
        guard let items = items(entry) else { return }
        var seen: Set<String> = []
        for item in items {
            let parts = item.text.split(separator: "=", maxSplits: 1).map { String($0).trimmingASCIIWhitespace() }
            guard let name = parts.first.map({ $0.lowercased() }), let route = Administration(rawValue: name) else {
                diagnostics.append(.error("each of routes must be a name of letters, digits, - and _, then optionally = and its display name, like rectal or buccal=Buccal (in the cheek), found \(quoted(item.text))", at: item.location))
                continue
            }
            guard !seen.contains(name) else {
                diagnostics.append(.error("routes names \(name) twice; write each once", at: item.location))
                continue
            }
            seen.insert(name)
            let display = parts.count == 2 ? parts[1] : ""
            routes.add(RouteCatalog.Entry(route, display.isEmpty ? routes.displayName(of: route) : display))
        }
    }

    /// A session's problems against the settings: a treatment (`treatments`) or a route
    /// (`routes`) the vault lacks, each an error at its value.
    public func sessionProblems(of session: Session, path: String? = nil) -> [Diagnostic] {
        treatments.problems(of: session, path: path) + routes.problems(of: session, path: path)
    }
}
