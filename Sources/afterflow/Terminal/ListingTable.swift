import AfterflowKit

/// `list`'s table for this terminal: the layout its width allows (the full one when piped) and the
/// statuses in colour, but where whole lines are cut (see `AfterflowKit.ListingTable`).
extension ListingTable {
    init(term: Terminal) {
        let layout = term.stdoutIsTTY ? ListingLayout(width: term.width) : .full
        // Below the narrowest layout whole lines are cut, which colour would get in the way of.
        let text = (layout.cutsWholeLines ? term.plain : term).sessionPage(timeZone: .current)
        self.init(width: term.stdoutIsTTY ? term.width : nil, layout: layout,
                  statuses: SessionStatus.allCases.map { text.status($0, short: layout.shortStatus) })
    }
}
