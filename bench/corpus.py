"""A small corpus of our own for bench/extractive.py: ten pages, each answering one question.

Every search returns all ten pages, so the engine has to find the page that answers: its
ranking, reading and report decide whether the answer sentence ends up quoted.
"""

from __future__ import annotations

PAGES: dict[str, tuple[str, list[str]]] = {
    "sqlite-wal": (
        "Write-ahead logging in SQLite",
        [
            "In WAL mode, SQLite appends changes to a separate write-ahead log file instead of "
            "overwriting pages in the database file.",
            "Readers keep reading the database file and committed log frames, so readers do not "
            "block writers and writers do not block readers.",
            "A checkpoint copies the pages from the log back into the database file.",
            "By default SQLite runs a checkpoint automatically when the log reaches 1000 pages.",
            "All processes using a WAL database must be on the same host, because the log index "
            "lives in shared memory.",
            "WAL mode is usually faster for writes than the rollback journal.",
        ],
    ),
    "http2": (
        "How HTTP/2 multiplexing works",
        [
            "HTTP/2 sends many requests and responses over a single TCP connection at once.",
            "Each request and response travels as a stream of frames that carry a stream "
            "identifier.",
            "Because frames of different streams are interleaved, one slow response no longer "
            "blocks the others at the HTTP layer.",
            "Header compression with HPACK shrinks repeated headers such as cookies.",
            "Head-of-line blocking still exists at the TCP layer when a packet is lost.",
            "HTTP/3 moves to QUIC over UDP to remove that remaining blocking.",
        ],
    ),
    "python-gil": (
        "The global interpreter lock in CPython",
        [
            "The global interpreter lock lets only one thread execute Python bytecode at a time "
            "in a CPython process.",
            "Threads release the lock while they wait for input and output, so threads still "
            "help programs that mostly wait on the network.",
            "CPU-bound work does not run faster with more threads because of the lock.",
            "The multiprocessing module sidesteps the lock by running separate processes.",
            "Python 3.13 offers an experimental build in which the lock can be disabled.",
            "Extension modules written in C can release the lock during long computations.",
        ],
    ),
    "photosynthesis": (
        "Photosynthesis in plants",
        [
            "Photosynthesis turns light energy into chemical energy stored in sugars.",
            "In the light reactions, chlorophyll absorbs light and water molecules are split, "
            "releasing oxygen.",
            "The Calvin cycle then fixes carbon dioxide into sugars using the energy carriers "
            "made by the light reactions.",
            "The enzyme RuBisCO catalyses the first step of carbon fixation.",
            "C4 and CAM plants concentrate carbon dioxide to reduce wasteful photorespiration.",
            "Most photosynthesis on land happens in the leaves, inside chloroplasts.",
        ],
    ),
    "tcp-congestion": (
        "TCP congestion control",
        [
            "TCP congestion control limits how much unacknowledged data a sender keeps in flight.",
            "During slow start the congestion window doubles every round trip until a loss or a "
            "threshold is reached.",
            "After that, congestion avoidance grows the window by about one segment per round "
            "trip.",
            "A packet loss makes classic algorithms such as Reno halve the congestion window.",
            "CUBIC, the default on Linux, grows the window as a cubic function of the time since "
            "the last loss.",
            "BBR estimates the bottleneck bandwidth and round-trip time instead of reacting to "
            "losses.",
        ],
    ),
    "rust-ownership": (
        "Ownership and borrowing in Rust",
        [
            "Every value in Rust has exactly one owner, and the value is dropped when its owner "
            "goes out of scope.",
            "A value can be borrowed immutably by many references or mutably by exactly one "
            "reference at a time.",
            "The borrow checker enforces these rules at compile time, without a garbage collector.",
            "Moving a value transfers ownership, after which the old variable can no longer be "
            "used.",
            "Lifetimes describe how long references stay valid.",
            "These rules prevent data races in safe Rust code.",
        ],
    ),
    "postgres-mvcc": (
        "Multiversion concurrency control in PostgreSQL",
        [
            "PostgreSQL keeps several versions of a row so that readers see a consistent "
            "snapshot without locking writers out.",
            "An update writes a new row version and marks the old one as expired by the "
            "updating transaction.",
            "Each transaction sees only the row versions committed before its snapshot was taken.",
            "VACUUM removes row versions that no running transaction can see any more.",
            "Without regular vacuuming, tables bloat and transaction identifiers can wrap around.",
            "Autovacuum runs these clean-ups in the background.",
        ],
    ),
    "dns": (
        "How DNS resolution works",
        [
            "A recursive resolver answers a client's query by asking other name servers on its "
            "behalf.",
            "It starts at a root server, which refers it to the servers of the top-level domain.",
            "The top-level domain servers refer it to the authoritative servers of the domain.",
            "The authoritative server returns the address record for the name.",
            "Resolvers cache answers for as long as the record's time to live allows.",
            "DNSSEC signs records so that resolvers can check they were not forged.",
        ],
    ),
    "bloom-filters": (
        "Bloom filters",
        [
            "A Bloom filter tests whether an element may be in a set, using a bit array and "
            "several hash functions.",
            "Adding an element sets the bits chosen by each hash function.",
            "A lookup that finds any of those bits unset proves the element is absent.",
            "False positives are possible, but false negatives are not.",
            "The false positive rate falls as the bit array grows for the same number of elements.",
            "Databases use Bloom filters to skip reading files that cannot hold a key.",
        ],
    ),
    "raft": (
        "The Raft consensus algorithm",
        [
            "Raft keeps a replicated log consistent across a cluster of servers.",
            "One server is elected leader and accepts all client requests.",
            "A follower that hears nothing from the leader within its election timeout starts an "
            "election.",
            "A candidate becomes leader when a majority of servers vote for it.",
            "The leader replicates log entries and commits an entry once a majority has stored it.",
            "Randomised election timeouts make split votes rare.",
        ],
    ),
}

QUESTIONS: list[tuple[str, str, str]] = [
    ("What happens during a checkpoint in SQLite WAL mode?", "sqlite-wal", "checkpoint copies"),
    ("Why does HTTP/2 multiplexing avoid head-of-line blocking?", "http2", "interleaved"),
    ("Why do more threads not speed up CPU-bound Python code?", "python-gil", "CPU-bound"),
    ("What does the Calvin cycle do in photosynthesis?", "photosynthesis", "Calvin cycle"),
    ("How does TCP slow start grow the congestion window?", "tcp-congestion", "slow start"),
    ("How many mutable borrows does Rust allow at a time?", "rust-ownership", "mutably"),
    ("What does VACUUM do in PostgreSQL?", "postgres-mvcc", "VACUUM removes"),
    ("How does a recursive DNS resolver find an address?", "dns", "recursive resolver"),
    ("Can a Bloom filter give false negatives?", "bloom-filters", "false negatives"),
    ("How does Raft elect a leader?", "raft", "majority of servers vote"),
]
