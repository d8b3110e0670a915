"""The page's Python for "Watch the search": the explorer and the race.

It only translates: the address and the controls become a pyengine.search
Trace (or a run, for the race), and the step it stands at becomes DOM
updates. All searching, counting and wording lives in pyengine.search. Text
from the address is only ever set as textContent.

Long work never holds the page: a jump asks the trace for BUDGET events at a
time until about SLICE_S seconds have passed, then gives the browser its turn
(window.setTimeout chaining) and carries on; the race runs each algorithm in
slices of the same length. Both show a progress bar and a Stop button.
"""

from __future__ import annotations

import time

from pyscript import document, window
from pyscript.ffi import create_proxy

from pyengine import Board, InvalidPositionError, UnknownChoiceError
from pyengine.search import Algorithm, Kind, Order, events, run
from pyengine.trace import SMALL_TREE, Step, Trace, TreeNode, tree
from pyengine.trace import PathNode as Node
from pyengine.words import ALGORITHM_NAMES, ORDER_NAMES, board_words, cell_name, describe, signed

BUDGET = 100  # events per look at the clock while jumping (the last ones each copy the path: ~0.1 ms)
SLICE_S = 0.012  # seconds of work per slice, jumping or racing: a click waits at most about that long
TRACE_LINES = 12  # steps shown in the text trace, the current one last
ANNOUNCE_MS = 350  # the live region speaks once stepping pauses, not at every key
URL_MS = 250  # the address follows the step once stepping pauses
KEYS = {
    "ArrowRight": "+1", "ArrowDown": "+1", "ArrowLeft": "-1", "ArrowUp": "-1",
    "PageDown": "+10", "PageUp": "-10", "Home": "first", "End": "last", "n": "next", "N": "next",
}
# What "Next" looks for: the event that sets each algorithm apart.
NEXT = {
    Algorithm.ALPHABETA: (Kind.CUTOFF, "Next cut-off"),
    Algorithm.MEMO: (Kind.HIT, "Next cache hit"),
    Algorithm.MINIMAX: (Kind.LEAF, "Next finished game"),
}
RACERS = (  # quickest first, so rows appear at once; plain minimax last
    (Algorithm.ALPHABETA, Order.ENGINE),
    (Algorithm.ALPHABETA, Order.CCE),
    (Algorithm.ALPHABETA, Order.CELLS),
    (Algorithm.MEMO, Order.CELLS),
    (Algorithm.MINIMAX, Order.CELLS),
)


def search_query(board: Board, algorithm: Algorithm | None = None, order: Order | None = None,
                 step: int | None = None) -> str:
    """The explorer's query string. Every value is letters, digits, dots and
    slashes, which a query carries as they are: nothing needs escaping."""
    params = []
    if algorithm is not None:
        params.append(f"alg={algorithm.value}")
        if algorithm is Algorithm.ALPHABETA and order is not None:
            params.append(f"order={order.value}")
    params.append(f"pos={board}")
    if step is not None:
        params.append(f"step={step}")
    return "?" + "&".join(params)


class Explorer:
    """One explorer on the page and the one Trace behind it."""

    def __init__(self, root: object) -> None:
        self.root = root
        self.form = root.querySelector("form.ex-settings")
        self.alg_select = root.querySelector("#ex-alg")
        self.order_select = root.querySelector("#ex-order")
        self.pos_input = root.querySelector("#ex-pos")
        self.step_input = root.querySelector("#ex-step")
        self.total = root.querySelector(".ex-total")
        self.message = root.querySelector(".ex-message")
        self.status = root.querySelector(".ex-status")
        self.busy = root.querySelector(".ex-busy")
        self.bar = root.querySelector(".ex-busy progress")
        self.board_box = root.querySelector(".ex-board")
        self.cells = [root.querySelector(f'.ex-cell[data-cell="{cell}"]') for cell in range(9)]
        self.facts = {dd.dataset.fact: dd for dd in root.querySelectorAll("[data-fact]")}
        self.tree = root.querySelector(".ex-tree")
        self.trace_list = root.querySelector(".ex-trace")
        self.announce = root.querySelector(".ex-announce")
        self.buttons = list(root.querySelectorAll("button, select, input"))
        self._token = 0  # the jump now running; a newer one or Stop retires it
        self._pump = create_proxy(self._on_pump)
        self._announce = create_proxy(self._on_announce)
        self._write_url = create_proxy(self._on_write_url)
        self._timers = {"announce": 0, "url": 0}
        self._past_end: int | None = None  # a step asked for beyond the search's end

        self.tree_box = root.querySelector(".ex-tree-box")
        self.tree_head = root.querySelector("#ex-tree-head")
        algorithm, order, board, step, problems = self.read_address()
        self.new_search(algorithm, board, order)
        if problems:
            self.show_message(" ".join(problems))
        for control in root.querySelectorAll(".ex-step"):
            control.addEventListener("click", create_proxy(self._on_step_button))
        root.querySelector("[data-stop]").addEventListener("click", create_proxy(self._on_stop))
        self.form.addEventListener("submit", create_proxy(self._on_submit))
        self.alg_select.addEventListener("change", create_proxy(self._on_submit))
        self.order_select.addEventListener("change", create_proxy(self._on_submit))
        self.step_input.addEventListener("change", create_proxy(self._on_step_input))
        root.addEventListener("keydown", create_proxy(self._on_key))
        self.sync_form()
        for control in self.buttons:
            control.disabled = False
        self.sync_form()
        self.goto(step)

    def new_search(self, algorithm: Algorithm, board: Board, order: Order) -> None:
        """A fresh trace; a small position also gets its whole tree, drawn once
        and then shown step by step."""
        self.trace = Trace(algorithm, board, order)
        self.fit_board(board.size)
        self.small = board.geometry.cells - board.ply <= SMALL_TREE
        self.tree.replaceChildren()
        self.tree_items: list[tuple[object, object]] = []  # (item, label) per tree node
        self.tree_shown: list[tuple[bool, bool, bool]] = []
        self.tree_current = -1
        if self.small:
            self.tree_head.textContent = "The whole tree so far"
            self.nodes, self.node_index = tree(list(events(algorithm, board, self.trace.order)))
            self.build_tree()
        else:
            self.tree_head.textContent = "The path so far, with each position's moves"
            self.nodes, self.node_index = [], {}
        self.tree_box.classList.toggle("whole", self.small)

    # -- the address -----------------------------------------------------------

    def read_address(self) -> tuple[Algorithm, Order, Board, int, list[str]]:
        """The settings in the address, each bad one replaced by its default
        with a sentence saying so (address text is quoted, cut short)."""
        params = window.URLSearchParams.new(window.location.search)

        def given(key: str) -> str | None:
            return str(params.get(key)) if params.has(key) else None

        problems = []
        algorithm, order, board, step = Algorithm.MINIMAX, Order.CELLS, Board.empty(), 1
        text = given("alg")
        if text is not None:
            try:
                algorithm = Algorithm.parse(text)
            except UnknownChoiceError:
                problems.append(f"The algorithm {_quoted(text)} is unknown (use minimax, alphabeta or memo); "
                                "showing minimax.")
        text = given("order")
        if text is not None:
            try:
                order = Order.parse(text)
            except UnknownChoiceError:
                problems.append(f"The move order {_quoted(text)} is unknown (use cells, cce or engine); "
                                "using cell order.")
        text = given("pos")
        if text is not None:
            try:
                board = _searchable(Board.parse(text))
            except InvalidPositionError as error:
                problems.append(f"The position {_quoted(text)} cannot be searched ({error}); "
                                "showing the empty board.")
        text = given("step")
        if text is not None:
            stripped = text.strip()
            if stripped.isdigit() and int(stripped) >= 1 and len(stripped) <= 9:
                step = int(stripped)
            else:
                problems.append(f"The step {_quoted(text)} is not a step number (1 or more); showing step 1.")
        return algorithm, order, board, step, problems

    def _on_write_url(self, *_: object) -> None:
        self._timers["url"] = 0
        trace = self.trace
        query = search_query(trace.board, trace.algorithm, trace.order, trace.current.number)
        window.history.replaceState(None, "", query)

    # -- events ----------------------------------------------------------------

    def _on_step_button(self, event: object) -> None:
        self.jump(str(event.currentTarget.dataset.jump))

    def _on_key(self, event: object) -> None:
        target = event.target
        if target.closest("form") or target.tagName in ("INPUT", "SELECT", "TEXTAREA"):
            return  # typing a position or a step number: the keys are the field's
        if event.altKey or event.ctrlKey or event.metaKey:
            return
        jump = KEYS.get(str(event.key))
        if jump is None:
            return
        if event.shiftKey and jump in ("+10", "-10"):
            jump = jump[0] + "100"
        event.preventDefault()
        event.stopPropagation()  # the theme's own keys (N is its "next page") must not act too
        self.jump(jump)

    def _on_step_input(self, event: object) -> None:
        text = str(self.step_input.value).strip()
        if text.isdigit():
            self.goto(int(text))

    def _on_submit(self, event: object) -> None:
        event.preventDefault()
        try:
            board = _searchable(Board.parse(str(self.pos_input.value)))
        except InvalidPositionError as error:
            self.show_message(f"That position cannot be searched: {error}.")
            return
        self.hide_message()
        algorithm = Algorithm.parse(str(self.alg_select.value))
        order = Order.parse(str(self.order_select.value))
        self.new_search(algorithm, board, order)
        self.sync_form()
        self.goto(1)

    def _on_stop(self, event: object) -> None:
        self._token += 1
        self.trace.halt()
        self.busy.hidden = True
        self.render()
        self.status.textContent = f"Stopped at step {self.trace.current.number:,}."

    # -- stepping --------------------------------------------------------------

    def jump(self, how: str) -> None:
        trace = self.trace
        if how == "first":
            self.goto(1)
        elif how == "last":
            self.goto(10**12)
        elif how == "next":
            self._past_end = None
            trace.seek_next(NEXT[trace.algorithm][0])
            self.start_work()
        else:
            self.goto(max(1, trace.target + int(how)))

    def goto(self, step: int) -> None:
        """Ask for ``step`` and work toward it, a slice at a time."""
        self._past_end = step if step != 10**12 else None
        self.trace.seek(step)
        self.start_work()

    def start_work(self) -> None:
        self._token += 1
        self._on_pump(self._token)

    def _on_pump(self, token: int) -> None:
        if token != self._token:
            return  # a newer jump or Stop took over
        trace = self.trace
        started = time.perf_counter()
        arrived = trace.work(BUDGET)
        while not arrived and time.perf_counter() - started < SLICE_S:
            arrived = trace.work(BUDGET)
        if arrived:
            self.busy.hidden = True
            self.render()
            return
        # Still on the way: say how far, and give the browser its turn.
        self.busy.hidden = False
        self.bar.max = max(1, trace.target)
        self.bar.value = trace.made
        self.status.textContent = f"Searching to step {trace.target:,}: {trace.made:,} steps made\u2026"
        window.setTimeout(self._pump, 0, token)

    # -- drawing ---------------------------------------------------------------

    def sync_form(self) -> None:
        trace = self.trace
        self.alg_select.value = trace.algorithm.value
        self.order_select.value = trace.order.value
        self.order_select.disabled = trace.algorithm is not Algorithm.ALPHABETA
        self.root.querySelector('[data-jump="next"]').textContent = NEXT[trace.algorithm][1]
        self.pos_input.value = str(trace.board)
        self.root.setAttribute("data-algorithm", trace.algorithm.value)
        self.root.setAttribute("data-order", trace.order.value)
        self.root.setAttribute("data-pos", str(trace.board))

    def render(self) -> None:
        trace = self.trace
        step = trace.current
        event = step.event
        self.root.setAttribute("data-step", str(step.number))
        self.root.setAttribute("data-kind", event.kind.value)
        self.root.setAttribute("data-ready", "true")
        self.step_input.value = str(step.number)
        self.total.textContent = f"of {trace.total:,}" if trace.total is not None else ""
        if self._past_end is not None and trace.total is not None and self._past_end > trace.total:
            self.show_message(f"The search has {trace.total:,} steps, not {self._past_end:,}: "
                              "here is the last one.")
        self._past_end = None
        self.draw_board(step)
        self.draw_facts(step)
        if self.small:
            self.show_tree(step)
        else:
            self.draw_tree(step)
        self.draw_trace(step)
        self.status.textContent = f"Step {step.number:,}" + (
            f" of {trace.total:,}." if trace.total is not None else ".")
        self.schedule("announce", self._announce, ANNOUNCE_MS)
        self.schedule("url", self._write_url, URL_MS)

    def schedule(self, name: str, proxy: object, delay: int) -> None:
        if self._timers[name]:
            window.clearTimeout(self._timers[name])
        self._timers[name] = window.setTimeout(proxy, delay)

    def _on_announce(self, *_: object) -> None:
        self._timers["announce"] = 0
        step = self.trace.current
        self.announce.textContent = f"Step {step.number}: {describe(step.event, self.trace.algorithm)}"

    def fit_board(self, size: int) -> None:
        """Give the board the cells of the position's size (drawn with nine
        before Python runs)."""
        if len(self.cells) == size * size:
            return
        self.cells = []
        for cell in range(size * size):
            span = document.createElement("span")
            span.className = "ex-cell"
            span.setAttribute("data-cell", str(cell))
            self.cells.append(span)
        self.board_box.replaceChildren(*self.cells)
        self.board_box.setAttribute("data-size", str(size))

    def draw_board(self, step: Step) -> None:
        board, path = step.event.board, step.event.path
        last = path[-1] if path else None
        for cell, element in enumerate(self.cells):
            mark = board[cell]
            element.textContent = mark.value if mark else ""
            element.setAttribute("data-mark", mark.value if mark else "")
            element.classList.toggle("last", cell == last)
            element.classList.toggle("considered", cell == step.event.move)
        self.board_box.setAttribute("aria-label", f"The position at this step: {board_words(board)}")

    def draw_facts(self, step: Step) -> None:
        event, trace = step.event, self.trace
        self.facts["event"].textContent = describe(event, trace.algorithm)
        self.facts["path"].textContent = (
            ", ".join(f"{cell_name(c, trace.board.size)} ({c})" for c in event.path) if event.path else "the root"
        ) + f" \u2014 depth {len(event.path)}"
        self.facts["window"].textContent = (
            f"({signed(event.alpha)}, {signed(event.beta)})" if trace.algorithm is Algorithm.ALPHABETA
            else "none: minimax searches every move"
        )
        node = step.path[-1] if step.path else None
        if node is not None and node.best is not None and node.best_value is not None:
            who = node.board.to_move
            worth = f"worth {signed(node.best_value)} to {who}"
            self.facts["best"].textContent = f"{cell_name(node.best, node.board.size)} ({node.best}), {worth}"
        else:
            self.facts["best"].textContent = "none yet"
        counts = step.counts
        self.facts["nodes"].textContent = f"{counts.nodes:,}"
        self.facts["cutoffs"].textContent = f"{counts.cutoffs:,}"
        self.facts["hits"].textContent = f"{counts.hits:,}"

    def draw_tree(self, step: Step) -> None:
        """The current path, one line per depth, each position with all its
        moves: finished ones show their value and how many nodes their subtree
        took, the one being searched leads to the next line."""
        self.tree.replaceChildren()
        last = len(step.path) - 1
        for depth, node in enumerate(step.path):
            item = document.createElement("li")
            item.className = "ex-node"
            item.style.setProperty("--ex-depth", str(min(depth, 6)))
            head = document.createElement("p")
            head.className = "ex-node-head"
            head.textContent = _node_heading(node, depth, self.trace.algorithm)
            item.appendChild(head)
            moves = document.createElement("ul")
            moves.className = "ex-moves"
            for branch in node.branches:
                chip = document.createElement("li")
                chip.className = "ex-move"
                chip.setAttribute("data-state", branch.state)
                chip.textContent = _branch_text(branch.move, node.board.size, branch.state, branch.value, branch.nodes)
                moves.appendChild(chip)
            if node.branches:
                item.appendChild(moves)
            if depth == last:
                item.classList.add("current")
                item.setAttribute("aria-current", "step")
            self.tree.appendChild(item)

    def build_tree(self) -> None:
        """Every node of the small search's tree, hidden until its step comes."""
        lists: dict[int, object] = {-1: self.tree}
        for node in self.nodes:
            item = document.createElement("li")
            item.className = "ex-tn"
            item.hidden = True
            label = document.createElement("span")
            item.appendChild(label)
            parent_list = lists.get(node.parent)
            if parent_list is None:
                parent_list = document.createElement("ol")
                parent_list.className = "ex-tree"
                self.tree_items[node.parent][0].appendChild(parent_list)
                lists[node.parent] = parent_list
            parent_list.appendChild(item)
            self.tree_items.append((item, label))
            self.tree_shown.append((False, False, False))

    def show_tree(self, step: Step) -> None:
        """Show what the search has reached by this step; touch only what changed."""
        number = step.number
        for index, node in enumerate(self.nodes):
            state = (
                node.entered <= number,
                node.valued is not None and node.valued <= number,
                node.cut is not None and node.cut <= number,
            )
            if state != self.tree_shown[index]:
                self.tree_shown[index] = state
                item, label = self.tree_items[index]
                item.hidden = not state[0]
                label.textContent = _tree_label(node, *state[1:])
                item.setAttribute("data-state", "done" if state[1] else "open")
        current = self.node_index.get(step.event.path, -1)
        if current != self.tree_current:
            if self.tree_current >= 0:
                old = self.tree_items[self.tree_current][0]
                old.classList.remove("current")
                old.removeAttribute("aria-current")
            self.tree_current = current
        if current >= 0:
            item, label = self.tree_items[current]
            item.classList.add("current")
            item.setAttribute("aria-current", "step")
            # Keep the current node in view inside the tree's own scroll box,
            # without scrolling the page.
            box = self.tree
            top = label.offsetTop - box.clientHeight / 2
            box.scrollTop = max(0, top)

    def draw_trace(self, step: Step) -> None:
        """The last few steps as text, the current one last and marked."""
        self.trace_list.replaceChildren()
        trace = self.trace
        for shown in trace.recent(TRACE_LINES):
            item = document.createElement("li")
            item.value = shown.number
            item.setAttribute("data-kind", shown.event.kind.value)
            item.textContent = describe(shown.event, trace.algorithm)
            if shown.number == step.number:
                item.setAttribute("aria-current", "step")
            self.trace_list.appendChild(item)

    def show_message(self, text: str) -> None:
        self.message.textContent = text
        self.message.hidden = False

    def hide_message(self) -> None:
        self.message.hidden = True
        self.message.textContent = ""


def _quoted(text: str) -> str:
    """Address text quoted back to the reader, cut short."""
    shown = text if len(text) <= 40 else text[:40] + "\u2026"
    return f"\u201c{shown}\u201d"


def _tree_label(node: TreeNode, valued: bool, cut: bool) -> str:
    board = node.board
    if node.move is None:
        text = f"Root: {board.to_move} to move" if not board.is_over else f"Root: {board.result.summary}"
        if valued and node.value is not None:
            text += f", worth {signed(node.value)}"
    else:
        mover = board[node.move]
        text = f"{mover} {cell_name(node.move, board.size)} ({node.move})"
        if board.is_over:
            text += f", {board.result.summary}"
        if valued and node.value is not None:
            text += f": {signed(node.value)} for {mover}"
            if node.hit:
                text += " (from the table)"
        else:
            text += " \u2026"
    if cut and node.skipped:
        text += " \u2014 cut off: " + ", ".join(f"{cell_name(c, board.size)} ({c})" for c in node.skipped)
    return text


def _node_heading(node: Node, depth: int, algorithm: Algorithm) -> str:
    board = node.board
    if board.is_over:
        return f"Depth {depth}: the game is over ({board.result.summary})."
    text = f"Depth {depth}: {board.to_move} to move"
    if algorithm is Algorithm.ALPHABETA:
        text += f", window ({signed(node.alpha)}, {signed(node.beta)})"
    if node.best is not None and node.best_value is not None:
        text += f", best so far {cell_name(node.best, board.size)} ({signed(node.best_value)})"
    return text + "."


def _branch_text(move: int, size: int, state: str, value: int | None, nodes: int) -> str:
    where = f"{cell_name(move, size)} ({move})"
    if state == "done" and value is not None:
        return f"{where}: {signed(value)}, {nodes:,} node{'s' if nodes != 1 else ''}"
    if state == "searching":
        return f"{where}: searching, {nodes:,} node{'s' if nodes != 1 else ''} so far"
    if state == "skipped":
        return f"{where}: cut off"
    return f"{where}: not yet"


class Race:
    """Every algorithm on the explorer's position, one after the other, in slices."""

    def __init__(self, root: object) -> None:
        self.root = root
        self.start_button = root.querySelector("[data-race-start]")
        self.stop_button = root.querySelector("[data-race-stop]")
        self.bar = root.querySelector("progress")
        self.status = root.querySelector(".ex-race-status")
        self.body = root.querySelector("tbody")
        self.pos = root.querySelector("[data-race-pos]")
        self.estimate = root.querySelector(".ex-race-estimate")
        self.minimax_rate = 0.0  # nodes a second, measured by this race's plain minimax
        self._token = 0
        self.row: object | None = None
        self.cells: dict[str, object] = {}
        self._slice = create_proxy(self._on_slice)
        self.start_button.addEventListener("click", create_proxy(self._on_start))
        self.stop_button.addEventListener("click", create_proxy(self._on_stop))
        self.start_button.disabled = False
        self.stop_button.disabled = True
        self.board = self.position()
        self.pos.textContent = str(self.board)
        self.root.setAttribute("data-state", "ready")
        self.status.textContent = "Ready: press Run the race."

    def position(self) -> Board:
        """The explorer's position, if it has one; the empty board otherwise."""
        explorer = document.querySelector("[data-explorer]")
        text = explorer.getAttribute("data-pos") if explorer else None
        try:
            return Board.parse(str(text)) if text else Board.empty()
        except InvalidPositionError:
            return Board.empty()

    def _on_start(self, event: object) -> None:
        self._token += 1
        self.board = self.position()
        self.pos.textContent = str(self.board)
        self.body.replaceChildren()
        self.queue = list(RACERS)
        self.done = 0
        self.bar.max = len(RACERS)
        self.bar.value = 0
        self.start_button.disabled = True
        self.stop_button.disabled = False
        self.root.setAttribute("data-state", "running")
        self.next_racer(self._token)

    def _on_stop(self, event: object) -> None:
        self._token += 1
        if self.row is not None:
            self.cells["nodes"].textContent = "stopped"
            self.row.setAttribute("data-state", "stopped")
        self.finish("Stopped. Rows with a count finished; press Run the race to start again.", "stopped")

    def finish(self, text: str, state: str) -> None:
        self.row = None
        self.start_button.disabled = False
        self.stop_button.disabled = True
        self.root.setAttribute("data-state", state)
        self.status.textContent = text

    def next_racer(self, token: int) -> None:
        if not self.queue:
            self.bar.value = len(RACERS)
            self.finish(f"Done: {len(RACERS)} searches of {self.board}, counted in this browser just now.", "done")
            self.show_estimate()
            return
        self.algorithm, self.order = self.queue.pop(0)
        self.steps = run(self.algorithm, self.board, self.order, tick=512)
        self.seconds = 0.0
        self.row = document.createElement("tr")
        self.row.setAttribute("data-state", "running")
        self.cells = {}
        for key in ("name", "nodes", "time", "cutoffs", "hits", "value"):
            cell = document.createElement("th" if key == "name" else "td")
            if key == "name":
                cell.scope = "row"
            self.cells[key] = cell
            self.row.appendChild(cell)
        name = ALGORITHM_NAMES[self.algorithm]
        if self.algorithm is Algorithm.ALPHABETA:
            name += f" ({ORDER_NAMES[self.order]})"
        self.cells["name"].textContent = name
        self.cells["nodes"].textContent = "running\u2026"
        self.body.appendChild(self.row)
        self.status.textContent = f"Running {name}\u2026"
        window.setTimeout(self._slice, 0, token)

    def _on_slice(self, token: int) -> None:
        if token != self._token:
            return  # stopped, or a new race began
        started = time.perf_counter()
        nodes = 0
        try:
            while time.perf_counter() - started < SLICE_S:
                nodes = next(self.steps)
        except StopIteration as stop:
            self.seconds += time.perf_counter() - started
            self.show_result(stop.value)
            self.done += 1
            self.bar.value = self.done
            self.next_racer(token)
            return
        self.seconds += time.perf_counter() - started
        self.cells["nodes"].textContent = f"{nodes:,}\u2026"
        self.bar.value = self.done + 0.5
        window.setTimeout(self._slice, 0, token)

    def show_result(self, outcome: object) -> None:
        counts = outcome.counts
        self.row.setAttribute("data-state", "done")
        self.row.setAttribute("data-algorithm", self.algorithm.value)
        self.row.setAttribute("data-order", self.order.value)
        self.row.setAttribute("data-nodes", str(counts.nodes))
        self.cells["nodes"].textContent = f"{counts.nodes:,}"
        self.cells["cutoffs"].textContent = f"{counts.cutoffs:,}" if self.algorithm is Algorithm.ALPHABETA else "\u2014"
        self.cells["hits"].textContent = f"{counts.hits:,}" if self.algorithm is Algorithm.MEMO else "\u2014"
        self.cells["value"].textContent = signed(outcome.value)
        ms = self.seconds * 1000
        self.cells["time"].textContent = f"{ms:.1f} ms" if ms < 100 else f"{ms:,.0f} ms"
        if self.algorithm is Algorithm.MINIMAX and counts.nodes >= 10_000 and self.seconds > 0:
            self.minimax_rate = counts.nodes / self.seconds

    def show_estimate(self) -> None:
        """What plain minimax would take on 4x4, at the rate just measured: the
        tree was counted at build time (pyengine/census.py); running it is out
        of the question."""
        if not self.minimax_rate:
            return  # too small a race to measure a rate: nothing honest to say
        nodes = int(self.root.getAttribute("data-four-tree-nodes"))
        positions = int(self.root.getAttribute("data-four-positions"))
        self.estimate.textContent = (
            f"On 4\u00d74, plain minimax from the empty board would enter {nodes:,} nodes: the whole game "
            f"tree, counted when this site was built by walking 4\u00d74's {positions:,} positions. At the "
            f"{self.minimax_rate:,.0f} nodes a second this browser's minimax just managed, that is about "
            f"{_duration(nodes / self.minimax_rate)}."
        )
        self.estimate.setAttribute("data-seconds", f"{nodes / self.minimax_rate:.0f}")
        self.estimate.hidden = False


def mount(root: object) -> None:
    """Bring an explorer, or a race, to life."""
    if root.hasAttribute("data-race"):
        Race(root)
    else:
        Explorer(root)


# A 4x4 position is searched here only near its end: plain minimax from one
# with 10 empty cells enters at most a few million nodes (seconds, in slices);
# from the empty 4x4 board it would take years (the race says how many).
FOUR_BY_FOUR_EMPTY_CELLS = 10


def _searchable(board: Board) -> Board:
    """A board this page can search to the end: any 3x3 position, and 4x4
    endgames."""
    empty = board.geometry.cells - board.ply
    if board.size != 3 and empty > FOUR_BY_FOUR_EMPTY_CELLS:
        raise InvalidPositionError(
            f"it is {board.size}x{board.size} with {empty} empty cells; this page searches 4x4 positions "
            f"with {FOUR_BY_FOUR_EMPTY_CELLS} or fewer"
        )
    return board


def _duration(seconds: float) -> str:
    """A long time in the largest unit that reads well."""
    for unit, length in (("years", 365.25 * 86_400), ("days", 86_400), ("hours", 3_600), ("minutes", 60)):
        if seconds >= 2 * length:
            return f"{seconds / length:,.0f} {unit}"
    return f"{seconds:,.0f} seconds"
