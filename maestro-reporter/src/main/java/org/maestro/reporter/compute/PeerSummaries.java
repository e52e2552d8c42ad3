package org.maestro.reporter.compute;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.maestro.common.files.rate.RateLog;
import org.maestro.common.measure.PeerResult;
import org.maestro.common.protocol.Role;
import org.maestro.reporter.PeerSummary;
import org.maestro.reporter.RateStats;
import org.maestro.reporter.TestSummary;
import org.maestro.reporter.Verdict;
import org.maestro.reporter.read.IterationFiles;
import org.maestro.reporter.read.PeerDirectory;
import org.maestro.reporter.read.Roster;

/**
 * What each peer of a test iteration did, for the peer table: its verdict, counts and rate, then the peers of the
 * runner's roster whose files never arrived.
 */
public final class PeerSummaries {

    private PeerSummaries() {}

    /**
     * One summary per peer directory, then one per absent peer of the roster. A sender's rate is over its own measured
     * window, any other peer's over the test's; a receiver's counts what it received within it ({@link ReceiveRate}).
     */
    public static List<PeerSummary> of(IterationFiles files) {
        List<PeerSummary> summaries = new ArrayList<>();
        for (PeerDirectory peer : files.peers()) {
            List<RateLog.Row> rows = files.rates().get(peer);
            TestSummary.MeasuredWindow own =
                    peer.role() == Role.SENDER ? TestWindow.ownWindow(peer) : TestWindow.measuredWindow(files.peers());
            RateStats rate = rows == null
                    ? RateStats.EMPTY
                    : peer.role() == Role.RECEIVER
                            ? ReceiveRate.of(List.of(rows), own).stats()
                            : RateAggregation.stats(RateAggregation.totals(List.of(rows)), own);
            PeerResult result = peer.result().orElse(null);
            long count = result != null
                    ? result.count()
                    : rows == null
                            ? 0
                            : rows.stream().mapToLong(RateLog.Row::count).sum();
            long errors = result != null
                    ? result.errors()
                    : rows == null
                            ? 0
                            : rows.stream().mapToLong(RateLog.Row::errors).sum();
            summaries.add(new PeerSummary(
                    peer.name(),
                    peer.role().label(),
                    peer.host(),
                    result == null ? Verdict.UNKNOWN : Verdict.parse(result.outcome()),
                    result == null || result.reason() == null ? "" : result.reason(),
                    result == null && rows == null ? null : count,
                    errors,
                    rate,
                    peer.testProperties(),
                    peer.systemProperties(),
                    files.rosterEntry(peer).map(Roster.Entry::describe).orElse(null),
                    files.clocks().of(peer.dir().getFileName().toString())));
        }
        for (Roster.Entry entry : files.absentPeers()) {
            String host = entry.host() == null ? "" : entry.host();
            String name = entry.name().endsWith("@" + host) && !host.isEmpty()
                    ? entry.name().substring(0, entry.name().length() - host.length() - 1)
                    : entry.name();
            summaries.add(new PeerSummary(
                    name,
                    entry.role(),
                    host,
                    Verdict.UNKNOWN,
                    "",
                    null,
                    0,
                    RateStats.EMPTY,
                    Map.of(),
                    Map.of(),
                    entry.describe(),
                    files.clocks().of(entry.name())));
        }
        return summaries;
    }
}
