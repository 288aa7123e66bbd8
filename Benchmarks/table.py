"""Merges the Swift and Java benchmark TSVs of one sitting into Markdown tables with ratios, and
prints the KryoNet benchmark's tables (kryonet.tsv, from kryonet.sh) when the sitting has them
(`table.py --kryonet DIR`: those alone).

The Java harness runs once per Kryo release (java-5.6.2.tsv, java-4.0.3.tsv, java-2.20.tsv; an
older sitting's single java.tsv is Kryo 2.20). A Kryo row's group carries its release as a suffix,
on both sides: `media.field.refs-off.v5/encode` is Kryo 5.6.2 (Swift in the `.v5` dialect),
`.v4` Kryo 4.0.3, none Kryo 2.20. Kryo 5.6.2 is the headline: Swift ÷ Java 5.6.2 comes first.

Every Swift row also shows its allocations per operation (swift.tsv's sixth column, kryo-compare's
count of calls to malloc and its kin); an older sitting's swift.tsv has no such column and its
cells stay blank.
"""
import glob
import os
import sys

# (suffix of the group, Java release), headline first.
RELEASES = [(".v5", "5.6.2"), (".v4", "4.0.3"), ("", "2.20")]
HEADLINE = RELEASES[0][0]


def with_suffix(name, suffix):
    """`group/op` with the release suffix on the group."""
    group, _, op = name.partition("/")
    return f"{group}{suffix}/{op}" if op else group + suffix


def release_of(name):
    """The suffix and Java release of a row."""
    group = name.partition("/")[0]
    for suffix, release in RELEASES:
        if suffix and group.endswith(suffix):
            return suffix, release
    return "", "2.20"


def load(path, allocations=None, cpu_shares=None):
    """`name -> (median, min, max, bytes)`; a sixth column, allocations per operation, goes to
    `allocations` (`name -> text as written`) when given, and a seventh, the share of the median
    pass's wall-clock time the thread spent on a CPU, to `cpu_shares` (`name -> share`)."""
    rows = {}
    if not os.path.exists(path):
        return rows
    for line in open(path):
        parts = line.rstrip("\n").split("\t")
        if len(parts) in (5, 6, 7):
            name, median, low, high, size = parts[:5]
            rows[name] = (float(median), float(low), float(high), int(size))
            if allocations is not None and len(parts) >= 6 and parts[5]:
                allocations[name] = parts[5]
            if cpu_shares is not None and len(parts) == 7 and parts[6]:
                cpu_shares[name] = float(parts[6])
    return rows


def ns(value):
    if value >= 1e6:
        return f"{value / 1e6:,.2f} ms"
    if value >= 1e4:
        return f"{value / 1e3:,.1f} µs"
    return f"{value:,.0f} ns"


def main(directory):
    allocations = {}
    cpu_shares = {}
    swift = load(os.path.join(directory, "swift.tsv"), allocations, cpu_shares)

    def allocs(name):
        """A Swift row's allocations per operation, as kryo-compare wrote them; blank when the
        sitting did not count them."""
        value = allocations.get(name)
        if value is None:
            return ""
        number = float(value)
        return f"{number:,.0f}" if number.is_integer() else f"{number:,.1f}" if number >= 0.1 else value
    java = load(os.path.join(directory, "java.tsv"))
    for path in sorted(glob.glob(os.path.join(directory, "java-*.tsv"))):
        java.update(load(path))
    releases_run = sorted({release_of(name)[1] for name in java}, key=lambda r: [int(p) for p in r.split(".")])

    def peer_of(name):
        # The in-line serializers write the field serializer's bytes: Java's field rows are their peer.
        return java.get(name) or java.get(name.replace("media.inlined.", "media.field."))

    print(f"# SwiftKryo benchmarks — {os.path.basename(directory)}\n")
    print(f"Java Kryo releases in this sitting: {', '.join(releases_run) or 'none'}.\n")
    sitting = os.path.join(directory, "sitting.txt")
    if os.path.exists(sitting):
        print("```\n" + open(sitting).read().rstrip("\n") + "\n```\n")

    # The headline: every Kryo row, Swift in each dialect ÷ the Java release of that dialect.
    kryo_rows = [name for name in swift if not release_of(name)[0]
                 and any(peer_of(with_suffix(name, suffix)) for suffix, _ in RELEASES)]
    if kryo_rows:
        print("## Kryo rows: Swift ÷ Java, each release in its own dialect (below 1: Swift is faster)\n")
        header = "| operation | bytes (Kryo 5) |"
        rule = "|---|---:|"
        for suffix, release in RELEASES:
            ratio_head = f"**Swift ÷ {release}**" if suffix == HEADLINE else f"Swift ÷ {release}"
            header += f" Swift ({release} dialect) | Java {release} | {ratio_head} |"
            rule += "---:|---:|---:|"
        header += " Swift allocs/op |"
        rule += "---:|"
        print(header)
        print(rule)
        for name in kryo_rows:
            head = swift.get(with_suffix(name, HEADLINE))
            cells = [f"{head[3]:,}" if head else "–"]
            for suffix, _ in RELEASES:
                mine, theirs = swift.get(with_suffix(name, suffix)), peer_of(with_suffix(name, suffix))
                ratio = f"{mine[0] / theirs[0]:.2f}" if mine and theirs else "–"
                if suffix == HEADLINE and ratio != "–":
                    ratio = f"**{ratio}**"
                cells += [ns(mine[0]) if mine else "–", ns(theirs[0]) if theirs else "–", ratio]
            # One number when every dialect allocates alike, else each in the columns' order.
            counts = [allocs(with_suffix(name, suffix)) for suffix, _ in RELEASES
                      if with_suffix(name, suffix) in swift]
            cells.append(counts[0] if len(set(counts)) == 1 else " / ".join(c or "–" for c in counts))
            print(f"| {name} | " + " | ".join(cells) + " |")
        print()

    print("## Every row (Kryo rows against the Java release of their dialect)\n")
    print("| operation | Swift median | min – max | bytes | allocs/op | Java (same release) | Swift ÷ Java |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    for name, (median, low, high, size) in swift.items():
        peer = peer_of(name)
        java_cell = f"{ns(peer[0])} ({release_of(name)[1]})" if peer else "–"
        ratio = f"{median / peer[0]:.2f}" if peer else "–"
        # A Kryo row whose size differs from Java's is not the same work: say so.
        if peer and peer[3] != size:
            ratio += f" (Java: {peer[3]:,} bytes)"
        print(f"| {name} | {ns(median)} | {ns(low)} – {ns(high)} | {size:,} | {allocs(name)} | {java_cell} | {ratio} |")
    for name, (median, _, _, size) in java.items():
        if name not in swift and name.replace("media.field.", "media.inlined.") not in swift:
            print(f"| {name} (Java only) | – | – | {size:,} | – | {ns(median)} | – |")

    # Wall-clock time on a shared machine: a row whose thread was off the CPU for part of its
    # median pass measured the other processes' load too (two cores here), whatever the code did.
    waited = [(name, share) for name, share in cpu_shares.items() if share < 0.9]
    if waited:
        print("\nRows whose thread spent less than 90 % of its median pass on a CPU (other processes "
              "took it; the time above is that much longer than the work): "
              + ", ".join(f"{name} ({share:.2f})" for name, share in waited) + ".")

    def both(table, group):
        encode, decode = table.get(group + "/encode"), table.get(group + "/decode")
        return encode[0] + decode[0] if encode and decode else None

    peers = [(f"Java Kryo {RELEASES[0][1]} (same settings)", None), ("swift-protobuf", "media.protobuf"),
             ("JSONEncoder/Decoder", "media.json"), ("PropertyListEncoder", "media.plist"),
             ("NSKeyedArchiver", "media.nskeyedarchiver")]
    print("\n## MediaContent: time of each peer ÷ time of SwiftKryo in Kryo 5's dialect "
          "(above 1: SwiftKryo is faster)\n")
    print("| SwiftKryo variant | operation | allocs/op | " + " | ".join(name for name, _ in peers) + " |")
    print("|---|---|---:|" + "---:|" * len(peers))
    for base in ["media.field.refs-off", "media.field.refs-on", "media.inlined.refs-off", "media.inlined.refs-on",
                 "media.manual"]:
        group = base + HEADLINE
        java_group = group.replace("media.inlined.", "media.field.")
        for op in ["encode", "decode"]:
            mine = swift.get(f"{group}/{op}")
            if not mine:
                continue
            cells = []
            for _, peer in peers:
                other = java.get(f"{java_group}/{op}") if peer is None else swift.get(f"{peer}/{op}")
                cells.append(f"{other[0] / mine[0]:.2f}" if other else "–")
            print(f"| {group} | {op} | {allocs(f'{group}/{op}')} | " + " | ".join(cells) + " |")

    def peer_ratios(title, variant, groups, peers):
        """One table: time of each peer ÷ time of a SwiftKryo backend, per operation."""
        rows = [(group, op, swift.get(f"{group}/{op}")) for group in groups for op in ["encode", "decode"]]
        if not any(row for _, _, row in rows):
            return False
        print(f"\n## {title}\n")
        print(f"| {variant} | operation | bytes | allocs/op | " + " | ".join(name for name, _ in peers) + " |")
        print("|---|---|---:|---:|" + "---:|" * len(peers))
        for group, op, mine in rows:
            if not mine:
                continue
            cells = []
            for _, peer in peers:
                other = swift.get(f"{peer}/{op}")
                cells.append(f"{other[0] / mine[0]:.2f}" if other else "–")
            print(f"| {group} | {op} | {mine[3]:,} | {allocs(f'{group}/{op}')} | " + " | ".join(cells) + " |")
        return True

    # The keyed-archive backend against Foundation on the same graph: both write binary plists in
    # NSKeyedArchiver's format; the other columns place it among the peers and the Kryo binary.
    keyed_peers = [("NSKeyedArchiver", "media.nskeyedarchiver"), ("PropertyListEncoder", "media.plist"),
                   ("JSONEncoder/Decoder", "media.json"),
                   ("SwiftKryo Kryo 5 binary (refs on)", "media.field.refs-on" + HEADLINE)]
    if peer_ratios("Keyed archives: time of each peer ÷ time of SwiftKryo's keyed backend "
                   "(above 1: the keyed backend is faster)",
                   "keyed variant", ["media.keyed.binary", "media.keyed.xml"], keyed_peers):
        archiver = swift.get("media.nskeyedarchiver/encode")
        if archiver:
            print(f"\n(NSKeyedArchiver's binary archive of the same graph: {archiver[3]:,} bytes. "
                  "The XML rows compare an XML plist with binary peers.)")

    # The readable backend against Foundation's Codable encoders on the equivalent Codable type.
    readable_peers = [("JSONEncoder/Decoder", "media.json"), ("PropertyListEncoder", "media.plist"),
                      ("SwiftKryo keyed (binary)", "media.keyed.binary")]
    peer_ratios("Readable documents: time of each peer ÷ time of SwiftKryo's readable backend "
                "(above 1: the readable backend is faster)",
                "readable variant", ["media.readable.json", "media.readable.plist-binary", "media.readable.plist-xml"],
                readable_peers)

    print("\n## Targets (issue 3), measured in this sitting\n")
    print("| target | measured | goal | met |")
    print("|---|---:|---:|:---:|")

    def target(label, value, goal, met, shown=None):
        if value is None:
            print(f"| {label} | not measured | {goal} | – |")
        else:
            print(f"| {label} | {shown or f'{value:.2f}'} | {goal} | {'yes' if met(value) else '**no**'} |")

    for suffix, release in RELEASES:
        for base in ["media.field.refs-off", "media.field.refs-on", "media.manual"]:
            group = base + suffix
            mine, theirs = both(swift, group), both(java, group)
            ratio = mine / theirs if mine and theirs else None
            target(f"{base} encode+decode, Swift ÷ Java {release}", ratio, "≤ 1.0 (0.7)", lambda r: r <= 1.0)
    kryo = both(swift, "media.field.refs-off" + HEADLINE)
    for peer, goal in [("media.protobuf", 4.0), ("media.json", 30.0)]:
        other = both(swift, peer)
        speedup = other / kryo if other and kryo else None
        target(f"{peer} ÷ Kryo 5 field (refs off), encode+decode", speedup, f"≥ {goal:g}×", lambda s, g=goal: s >= g)
    memcpy = swift.get("double-array-10M/memcpy")
    for op in ["encode", "decode"]:
        row = swift.get(f"double-array-10M/{op}")
        share = memcpy[0] / row[0] if memcpy and row else None
        target(f"double[10M] {op}, share of memcpy throughput", share, "≥ 0.25", lambda s: s >= 0.25,
               f"{share:.2%}" if share is not None else None)
    readable, foundation = both(swift, "media.readable.json"), both(swift, "media.json")
    speedup = foundation / readable if readable and foundation else None
    target("JSONEncoder/Decoder ÷ readable JSON, encode+decode (issue 6)", speedup, "> 1× (3×)", lambda s: s > 1.0)
    for suffix, release in RELEASES:
        same = []
        for base in ["media.field.refs-off", "media.field.refs-on", "media.manual"]:
            a = os.path.join(directory, "swift-bytes", base + suffix + ".bin")
            b = os.path.join(directory, "java-bytes", base + suffix + ".bin")
            if os.path.exists(a) and os.path.exists(b):
                same.append(open(a, "rb").read() == open(b, "rb").read())
        target(f"MediaContent bytes identical to Java {release}'s (3 encodings)", sum(same) if same else None,
               "3 of 3", lambda n: n == 3, f"{sum(same)} of {len(same)}")
    sized = [(name, row[3], peer_of(name)[3]) for name, row in swift.items() if peer_of(name)]
    target("every Kryo row: encoded size equal to Java's", len(sized) if sized else None, "all",
           lambda n: all(a == b for _, a, b in sized),
           f"{sum(a == b for _, a, b in sized)} of {len(sized)}")

    floor_section(swift, java, both)

    copies = [(group, swift.get(f"{group}/copy"), swift.get(f"{group}/encode+decode"))
              for group in ["copy.media", "copy.graph-10k"]]
    if any(copy and pair for _, copy, pair in copies):
        print("\n## Deep copy: `Registry.copy` against a Kryo 5 encode + decode of the same graph (references on)\n")
        print("| graph | copy | encode + decode | encode + decode ÷ copy | copy allocs/op "
              "| encode + decode allocs/op |")
        print("|---|---:|---:|---:|---:|---:|")
        for group, copy, pair in copies:
            if copy and pair:
                print(f"| {group.removeprefix('copy.')} | {ns(copy[0])} | {ns(pair[0])} | {pair[0] / copy[0]:.2f} "
                      f"| {allocs(group + '/copy')} | {allocs(group + '/encode+decode')} |")

    graph = os.path.join(directory, "graph-memory.tsv")
    if os.path.exists(graph):
        print("\n## Growth with size: 1 000 000-node graph family (encode + decode, references on)\n")
        print("| dialect | nodes | Swift time | ns per node | peak memory added | bytes per node "
              "| Java encode + decode (same release) |")
        print("|---|---:|---:|---:|---:|---:|---:|")
        labels = {10000: "10k", 100000: "100k", 1000000: "1M"}
        for line in open(graph):
            tag, nodes, _, memory, elapsed, size = line.split("\t")
            nodes, memory, elapsed = int(nodes), int(memory), int(elapsed)
            suffix, release = release_of(tag)
            peer = both(java, f"graph-{labels.get(nodes, '')}{suffix}")
            print(f"| Kryo {release} | {nodes:,} | {ns(elapsed)} | {elapsed / nodes:,.0f} | {memory / 1e6:,.1f} MB | "
                  f"{memory / nodes:,.0f} | {ns(peer) if peer else '–'} |")

    stream = os.path.join(directory, "stream.tsv")
    if os.path.exists(stream):
        print("\n## A stream of MediaContent records through a file (references off)\n")
        print("| dialect | bytes | records | write | read | write MB/s | read MB/s | peak memory added "
              "| after the first 10 MB |")
        print("|---|---:|---:|---:|---:|---:|---:|---:|---:|")
        for line in open(stream):
            tag, size, records, write, read, peak, early = line.split("\t")
            size, write, read = int(size), int(write), int(read)
            print(f"| Kryo {release_of(tag)[1]} | {size:,} | {int(records):,} | {ns(write)} | {ns(read)} | {size / write * 1e3:,.0f} | "
                  f"{size / read * 1e3:,.0f} | {int(peak) / 1e6:,.1f} MB | {int(early) / 1e6:,.1f} MB |")

    records = os.path.join(directory, "records.tsv")
    if os.path.exists(records):
        print("\n## `kryo convert` of a stream of MediaContent records (Kryo 5, references off)\n")
        print("| conversion | records | input bytes | peak resident memory | time | MB/s |")
        print("|---|---:|---:|---:|---:|---:|")
        verdict = ""
        for line in open(records):
            if not line.startswith("records\t"):
                verdict = line.strip()
                continue
            _, label, count, size, peak_kb, seconds = line.rstrip("\n").split("\t")
            size, seconds = int(size), float(seconds)
            print(f"| {label} | {int(count):,} | {size:,} | {int(peak_kb) / 1024:,.1f} MiB | {seconds:,.1f} s | "
                  f"{size / seconds / 1e6 if seconds else 0:,.1f} |")
        if verdict:
            print(f"\n{verdict.removeprefix('records: ')}.")


def floor_section(swift, java, both):
    """The model's own cost (media.floor) against the peers: the best ratio any Swift serializer of
    this model could reach, next to what SwiftKryo reaches."""
    floor = {op: swift.get(f"media.floor/{op}") for op in ["encode", "decode"]}
    if not all(floor.values()):
        return
    release = RELEASES[0][1]
    field_group, manual_group = "media.field.refs-off" + HEADLINE, "media.manual" + HEADLINE
    print("\n## The model's own cost (media.floor): the best any Swift serializer of MediaContent can do\n")
    print(f"| operation | model floor | Java {release} field (refs off) | Java {release} hand-written "
          "| floor ÷ Java field | floor ÷ Java hand-written | SwiftKryo field (refs off, Kryo 5) ÷ floor "
          "| SwiftKryo field (refs off, Kryo 2.20) ÷ floor |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|")

    def ratio(a, b):
        return f"{a / b:.2f}" if a and b else "–"

    for op in ["encode", "decode", "encode+decode"]:
        if op == "encode+decode":
            mine, field = both(swift, "media.floor"), both(java, field_group)
            manual, kryo = both(java, manual_group), both(swift, field_group)
            kryo2 = both(swift, "media.field.refs-off")
        else:
            mine = floor[op][0]
            field, manual, kryo, kryo2 = [(table.get(f"{group}/{op}") or [None])[0] for table, group in
                                          [(java, field_group), (java, manual_group),
                                           (swift, field_group), (swift, "media.field.refs-off")]]
        print(f"| {op} | {ns(mine)} | {ns(field) if field else '–'} | {ns(manual) if manual else '–'} | "
              f"{ratio(mine, field)} | {ratio(mine, manual)} | {ratio(kryo, mine)} | {ratio(kryo2, mine)} |")
    total = both(swift, "media.floor")
    for peer, goal in [("media.protobuf", 4.0), ("media.json", 30.0)]:
        other = both(swift, peer)
        if other and total:
            print(f"\n{peer} ÷ model floor, encode+decode: {other / total:.2f} (the most any serializer of "
                  f"this model could be faster than {peer}; goal {goal:g}×).", end="")
    print()


def kryonet_section(directory):
    """The KryoNet benchmark of kryonet.sh (kryonet.tsv): every pairing of a Swift or Java server
    with a Swift or Java client, in each Kryo dialect; medians of the measured rounds."""
    path = os.path.join(directory, "kryonet.tsv")
    if not os.path.exists(path):
        return
    # (dialect, server, client) -> one way: [objects/s], server and client CPU µs per object;
    # ping: [(round trips/s, p50 µs, p99 µs)]; the servers' verdicts on the objects.
    rounds = {}
    for line in open(path):
        parts = line.rstrip("\n").split("\t")
        if len(parts) < 5:
            continue
        key, kind = tuple(parts[:3]), parts[3]
        entry = rounds.setdefault(key, {"oneway": [], "server_cpu": [], "client_cpu": [], "ping": [], "status": set()})
        if kind == "oneway" and len(parts) >= 6:
            objects = int(parts[4])
            entry["oneway"].append(objects / int(parts[5]) * 1e9)
            entry["status"].add(parts[6] if len(parts) > 6 else "?")
            if len(parts) > 8:
                entry["server_cpu"].append((int(parts[7]), objects))
                entry["client_cpu"].append((int(parts[8]), objects))
        elif kind == "ping" and len(parts) >= 8:
            entry["ping"].append((int(parts[4]) / int(parts[5]) * 1e9, int(parts[6]) / 1e3, int(parts[7]) / 1e3))
    if not rounds:
        return

    def median(values):
        values = sorted(values)
        n = len(values)
        return None if n == 0 else values[n // 2] if n % 2 else (values[n // 2 - 1] + values[n // 2]) / 2

    def per_object(cpu):
        # All measured rounds together: the JVM counts CPU time in 10 ms steps.
        objects = sum(n for _, n in cpu)
        return sum(t for t, _ in cpu) / objects / 1e3 if objects else None

    def stats(key):
        entry = rounds.get(key)
        if not entry:
            return None
        return {"objects": median(entry["oneway"]), "objects_range": (min(entry["oneway"], default=0),
                                                                     max(entry["oneway"], default=0)),
                "trips": median([p[0] for p in entry["ping"]]), "p50": median([p[1] for p in entry["ping"]]),
                "p99": median([p[2] for p in entry["ping"]]), "rounds": len(entry["oneway"]),
                "server_cpu": per_object(entry["server_cpu"]), "client_cpu": per_object(entry["client_cpu"]),
                "ok": entry["status"] == {"ok"}}

    def rate(value):
        return f"{value:,.0f}" if value else "–"

    def ratio(a, b):
        return f"{a / b:.2f}" if a and b else "–"

    def micros(value):
        return f"{value:,.2f}" if value else "–"

    names = {"swift": "Swift", "swift-events": "Swift, events()", "java": "Java"}
    releases = {"v2": "Kryo 2.20 (KryoNet 2.21)", "v5": "Kryo 5.6.2 (crykn/kryonet)"}
    print("\n## KryoNet over loopback TCP: Swift and Java servers and clients\n")
    sitting = os.path.join(directory, "kryonet-sitting.txt")
    if os.path.exists(sitting):
        print("```\n" + open(sitting).read().rstrip("\n") + "\n```\n")
    print("One way: the client sends MediaContent objects as fast as its write buffer takes them; the "
          "time runs from the first sent to the server's reply after the last arrived. Ping: "
          "sequential round trips of KryoNet's Ping, answered by the server's library. Medians of the "
          "measured rounds (one way: lowest – highest in brackets). CPU: what the whole process used "
          "during the one-way rounds (every thread; the JVM's compiler and collector too), per object, over "
          "all measured rounds: "
          "steadier than the rates on a shared machine. The Swift server counts the objects in a "
          "KryoNetListener, as Java KryoNet calls its listeners; \"Swift, events()\" takes them through "
          "`server.events()` in a task instead.\n")
    for dialect in sorted({key[0] for key in rounds}):
        print(f"### {releases.get(dialect, dialect)}\n")
        print("| server ← client | MediaContent objects/s, one way | server CPU µs/object | client CPU µs/object "
              "| ping round trips/s | p50 µs | p99 µs |")
        print("|---|---:|---:|---:|---:|---:|---:|")
        for server in ["swift", "swift-events", "java"]:
            for client in ["swift", "java"]:
                row = stats((dialect, server, client))
                if not row:
                    continue
                low, high = row["objects_range"]
                flag = "" if row["ok"] else " (**objects differed**)"
                print(f"| {names[server]} ← {names[client]}{flag} | {rate(row['objects'])} ({low:,.0f} – {high:,.0f}) "
                      f"| {micros(row['server_cpu'])} | {micros(row['client_cpu'])} "
                      f"| {rate(row['trips'])} | {row['p50']:,.1f} | {row['p99']:,.1f} |")
        print("\nSwift ÷ Java: rates above 1, CPU and latencies below 1 mean Swift is faster. The CPU "
              "column is the server's when servers are compared, the client's when clients are.\n")
        print("| comparison | objects/s | CPU/object | round trips/s | p50 | p99 |")
        print("|---|---:|---:|---:|---:|---:|")
        comparisons = [("**Swift server ÷ Java server**, Java client", ("swift", "java"), ("java", "java"), "server_cpu"),
                       ("Swift server ÷ Java server, Swift client", ("swift", "swift"), ("java", "swift"), "server_cpu"),
                       ("Swift server taking events() ÷ Java server, Java client", ("swift-events", "java"),
                        ("java", "java"), "server_cpu"),
                       ("Swift client ÷ Java client, Java server", ("java", "swift"), ("java", "java"), "client_cpu"),
                       ("Swift client ÷ Java client, Swift server", ("swift", "swift"), ("swift", "java"), "client_cpu"),
                       ("Swift ↔ Swift ÷ Java ↔ Java (server CPU)", ("swift", "swift"), ("java", "java"), "server_cpu")]
        for label, mine, theirs, cpu in comparisons:
            a, b = stats((dialect,) + mine), stats((dialect,) + theirs)
            if not a or not b:
                continue
            print(f"| {label} | {ratio(a['objects'], b['objects'])} | {ratio(a[cpu], b[cpu])} "
                  f"| {ratio(a['trips'], b['trips'])} | {ratio(a['p50'], b['p50'])} | {ratio(a['p99'], b['p99'])} |")
        print()


if __name__ == "__main__":
    if sys.argv[1] == "--kryonet":
        kryonet_section(sys.argv[2])
    else:
        main(sys.argv[1])
        kryonet_section(sys.argv[1])
