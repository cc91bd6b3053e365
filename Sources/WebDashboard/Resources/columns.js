// The board's columns on a narrow screen (issue 65): the output declares in which order they give
// way (`columnsGivingWay`, from Swift's BoardColumn: the change in won first, the sorted column
// and the name never); the page hides them in that order, through the table's `data-yield` and
// the stylesheet's rules for it, until the table fits its width.

export class ColumnFit {
  constructor(table, board) {
    this.table = table;
    this.board = board;
    // Fitted again when the window's width, the tab, the sort or the rows' presence changes.
    this.fittedKey = "";
    window.addEventListener("resize", () => { this.fittedKey = ""; });
  }

  /** Hides the columns that must give way for `output`'s table to fit. */
  fit(output) {
    const order = output.columnsGivingWay ?? [];
    const key = `${output.tab}:${order.join(",")}:${output.rows.length > 0 || output.compareRows.length > 0}`;
    if (key === this.fittedKey || this.table.hidden || this.board.hidden) return;
    this.fittedKey = key;
    const room = this.table.parentElement.clientWidth;
    const yielded = [];
    this.table.dataset.yield = "";
    for (const col of order) {
      if (col === "name" || this.table.offsetWidth <= room) break;
      yielded.push(col);
      this.table.dataset.yield = yielded.join(" ");
    }
  }
}
