import Foundation

extension VaultConfig {
    /// `treatments: [kambo, ibogaine-hcl=Ibogaine HCl (oral)]`: each item a name (lower case
    /// letters, digits, - and _), then optionally `=` and its display name, which may end in its
    /// default route in parentheses. A name afterflow already knows is given that display name
    /// and route; a bad or repeated item is an error at that item and is left out.
    mutating func readTreatments(_ entry: FrontMatterEntry) {
        guard let items = items(entry) else { return }
        var seen: Set<String> = []
        for item in items {
            let parts = item.text.split(separator: "=", maxSplits: 1).map { String($0).trimmingASCIIWhitespace() }
            guard let name = parts.first.map({ $0.lowercased() }), let treatment = Treatment(rawValue: name) else {
                diagnostics.append(.error("each of treatments must be a name of letters, digits, - and _, then optionally = and its display name and route, like kambo or ibogaine-hcl=Ibogaine HCl (oral), found \(quoted(item.text))", at: item.location))
                continue
            }
            guard !seen.contains(name) else {
                diagnostics.append(.error("treatments names \(name) twice; write each once", at: item.location))
                continue
            }
            seen.insert(name)
            let known = treatments.entry(treatment)
            var added = TreatmentCatalog.Entry(treatment, known?.displayName ?? Treatment.derivedDisplayName(name), route: known?.route)
            if parts.count == 2 {
                let (display, route, badRoute) = VaultConfig.displayAndRoute(parts[1], routes: routes)
                if let badRoute {
                    diagnostics.append(.error(routes.unknownMessage(badRoute, what: "treatments: \(name)'s route"), at: item.location))
                    continue
                }
                if !display.isEmpty { added.displayName = display }
                if let route { added.route = route }
            }
            treatments.add(added)
        }
    }

    /// `Ibogaine HCl (oral)` → (`Ibogaine HCl`, oral, nil); `(sniffed)` at the end names a route
    /// the vault lacks (`routes`) → its text as the third.
    static func displayAndRoute(_ text: String, routes: RouteCatalog = .builtIn) -> (display: String, route: Administration?, badRoute: String?) {
        guard text.hasSuffix(")"), let open = text.lastIndex(of: "(") else { return (text, nil, nil) }
        let inside = String(text[text.index(after: open)..<text.index(before: text.endIndex)]).trimmingASCIIWhitespace()
        let display = String(text[..<open]).trimmingASCIIWhitespace()
        guard let route = routes.route(parsing: inside) else { return (display, nil, inside) }
        return (display, route, nil)
    }
}
