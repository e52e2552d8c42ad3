package org.maestro.reporter.compute;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;
import org.maestro.common.files.connections.ConnectionsCsv;
import org.maestro.common.measure.PeerResult;
import org.maestro.common.protocol.Role;
import org.maestro.reporter.DestinationFigures;
import org.maestro.reporter.DestinationLatency;
import org.maestro.reporter.FlowDestinations;
import org.maestro.reporter.StreamSummary;
import org.maestro.reporter.SubscriptionFigures;
import org.maestro.reporter.TestSummary;
import org.maestro.reporter.read.HistogramCell;
import org.maestro.reporter.read.IterationFiles;
import org.maestro.reporter.read.PeerConnections;
import org.maestro.reporter.read.PeerDirectory;

/**
 * The figures of each destination (and, with fan-out, each subscription) of each flow of an iteration whose flows
 * spread over several destinations or subscriptions. The peers' {@code connections.csv} say which sender connection
 * (stream) went to which destination; a destination's counts are the test total's ({@link MessageAccounting}) over
 * its streams, its rate is what its receiver connections measured over the measured window, its latency their
 * histograms merged. Flows with one destination and one subscription add nothing.
 */
public final class DestinationAccounting {
    /** The flow name of a peer without the FLOW property: the one default flow. */
    public static final String DEFAULT_FLOW = "";
    /** The most subscriptions that lost messages a warning names one by one. */
    static final int MAX_NAMED = 5;

    /**
     * The per-destination and per-subscription figures, by flow; each map null when no flow has them.
     *
     * @param destinations  flows with more than one destination
     * @param subscriptions flows with more than one subscription
     */
    public record Result(
            Map<String, FlowDestinations> destinations, Map<String, List<SubscriptionFigures>> subscriptions) {
        /** Nothing to report: one destination and one subscription everywhere. */
        public static final Result NONE = new Result(null, null);
    }

    private record StreamKey(String sender, int connection) {}

    /** What is added up for one destination, or one subscription. */
    private static final class Tally {
        String name;
        Long sent = 0L;
        long received;
        Long refused = 0L;
        Long vanished = 0L;
        long duplicates;
        long measuredReceived;
        long measuredSent;
        int receiverConnections;
        int streams;
        int streamsAccounted;
        long rowsReceived;
        long rowsDuplicates;
        Histogram latency;

        void sent(Long value) {
            sent = sent == null || value == null ? null : sent + value;
        }

        void merge(String cell, List<String> problems, String peer) {
            try {
                Histogram histogram = HistogramCell.decode(cell);
                if (histogram != null) {
                    if (latency == null) {
                        latency = new Histogram(3);
                    }
                    latency.add(histogram);
                }
            } catch (IllegalArgumentException e) {
                problems.add(peer + " " + ConnectionsCsv.FILE_NAME + ": " + e.getMessage()
                        + "; that connection's latency is left out");
            }
        }
    }

    private DestinationAccounting() {}

    /** The figures of the iteration; warns (in {@code files}) about what they leave out. */
    public static Result of(IterationFiles files, List<StreamSummary> streams, TestSummary.MeasuredWindow window) {
        Map<String, int[]> spread = spreadOfFlows(files.peers());
        if (spread.values().stream().allMatch(s -> s[0] <= 1 && s[1] <= 1)) {
            return Result.NONE;
        }
        Map<PeerDirectory, List<ConnectionsCsv.Row>> rows = PeerConnections.read(files);
        List<String> problems = new ArrayList<>();
        Map<String, FlowDestinations> destinations = new TreeMap<>();
        Map<String, List<SubscriptionFigures>> subscriptions = new TreeMap<>();
        for (Map.Entry<String, int[]> flow : spread.entrySet()) {
            List<PeerDirectory> peers = files.peers().stream()
                    .filter(p -> flowOf(p).equals(flow.getKey()))
                    .filter(p -> p.role() == Role.SENDER || p.role() == Role.RECEIVER)
                    .toList();
            FlowTallies tallies = FlowTallies.of(flow.getKey(), peers, rows, streams, problems);
            String of = flow.getKey().isEmpty() ? "" : " (flow " + flow.getKey() + ")";
            if (flow.getValue()[0] > 1) {
                FlowDestinations figures = tallies.destinations(window, flow.getValue()[0], problems);
                destinations.put(flow.getKey(), figures);
                figures.starved()
                        .forEach(d -> problems.add("destination " + d.name() + of
                                + " received nothing while its senders sent " + d.sent()));
            }
            if (flow.getValue()[1] > 1) {
                List<SubscriptionFigures> figures = tallies.subscriptions();
                subscriptions.put(flow.getKey(), figures);
                List<SubscriptionFigures> starving = starving(figures);
                starving.stream().limit(MAX_NAMED).forEach(f -> problems.add(f.describe() + of));
                if (starving.size() > MAX_NAMED) {
                    problems.add((starving.size() - MAX_NAMED) + " more subscriptions" + of + " lost messages");
                }
            }
        }
        files.warnAll(problems);
        return new Result(destinations.isEmpty() ? null : destinations, subscriptions.isEmpty() ? null : subscriptions);
    }

    /** A peer's flow: its FLOW property, "" (the default flow) when absent. */
    public static String flowOf(PeerDirectory peer) {
        String flow = peer.testProperties().get("FLOW");
        return flow == null ? DEFAULT_FLOW : flow.trim();
    }

    /** The largest DESTINATIONS and SUBSCRIPTIONS of each flow's senders and receivers. */
    private static Map<String, int[]> spreadOfFlows(List<PeerDirectory> peers) {
        Map<String, int[]> spread = new TreeMap<>();
        for (PeerDirectory peer : peers) {
            if (peer.role() != Role.SENDER && peer.role() != Role.RECEIVER) {
                continue;
            }
            int[] flow = spread.computeIfAbsent(flowOf(peer), f -> new int[] {1, 1});
            flow[0] = Math.max(flow[0], number(peer, "DESTINATIONS"));
            flow[1] = Math.max(flow[1], number(peer, "SUBSCRIPTIONS"));
        }
        return spread;
    }

    private static int number(PeerDirectory peer, String property) {
        try {
            return Integer.parseInt(
                    peer.testProperties().getOrDefault(property, "1").trim());
        } catch (NumberFormatException e) {
            return 1;
        }
    }

    /** The tallies of one flow, per destination and per (destination, subscription). */
    private static final class FlowTallies {
        final Map<Integer, Tally> byDestination = new TreeMap<>();
        final Map<Long, Tally> bySubscription = new TreeMap<>();
        boolean receivers;

        static FlowTallies of(
                String flow,
                List<PeerDirectory> peers,
                Map<PeerDirectory, List<ConnectionsCsv.Row>> rows,
                List<StreamSummary> streams,
                List<String> problems) {
            FlowTallies tallies = new FlowTallies();
            Map<StreamKey, Integer> destinationOf = new HashMap<>();
            boolean sendersComplete = true;
            for (PeerDirectory peer : peers) {
                List<ConnectionsCsv.Row> own = rows.get(peer);
                if (own == null) {
                    problems.add(peer.name() + " (" + peer.role().label() + (flow.isEmpty() ? "" : " of flow " + flow)
                            + ") wrote no readable " + ConnectionsCsv.FILE_NAME
                            + ": its connections are missing from the per-destination figures");
                    sendersComplete &= peer.role() != Role.SENDER;
                    continue;
                }
                if (peer.role() == Role.SENDER) {
                    tallies.addSender(peer, own, destinationOf);
                } else {
                    tallies.addReceiver(peer, own, problems);
                }
            }
            if (!sendersComplete) {
                tallies.byDestination.values().forEach(t -> t.sent = null);
            }
            if (sendersComplete) {
                tallies.addStreams(streams, destinationOf);
            } else {
                // without every sender's rows the streams cannot be placed: the receivers' own counts stand in
                for (Tally tally : tallies.byDestination.values()) {
                    tally.received = tally.rowsReceived;
                    tally.duplicates = tally.rowsDuplicates;
                    tally.refused = null;
                    tally.vanished = null;
                }
            }
            for (Map.Entry<Long, Tally> entry : tallies.bySubscription.entrySet()) {
                Tally destination = tallies.byDestination.get((int) (entry.getKey() >> 32));
                entry.getValue().sent = destination == null ? null : destination.sent;
            }
            return tallies;
        }

        private Tally destination(int number, String name) {
            Tally tally = byDestination.computeIfAbsent(number, n -> new Tally());
            if (tally.name == null) {
                tally.name = name;
            }
            return tally;
        }

        private void addSender(
                PeerDirectory peer, List<ConnectionsCsv.Row> own, Map<StreamKey, Integer> destinationOf) {
            Map<Integer, Integer> byConnection = new HashMap<>();
            for (ConnectionsCsv.Row row : own) {
                Tally tally = destination(row.destination(), row.name());
                tally.sent(row.sent());
                tally.measuredSent += row.measured();
                byConnection.put(row.connection(), row.destination());
            }
            PeerResult result = peer.result().orElse(null);
            if (result == null) {
                return;
            }
            for (PeerResult.Stream stream : result.streams()) {
                Integer destination = byConnection.get(stream.connection());
                String sender = stream.sender() != null && !stream.sender().isBlank() ? stream.sender() : result.peer();
                if (destination != null) {
                    destinationOf.put(new StreamKey(sender, stream.connection()), destination);
                    destination(destination, null).streams++;
                }
            }
        }

        private void addReceiver(PeerDirectory peer, List<ConnectionsCsv.Row> own, List<String> problems) {
            receivers = true;
            for (ConnectionsCsv.Row row : own) {
                Tally tally = destination(row.destination(), row.name());
                tally.measuredReceived += row.measured();
                tally.receiverConnections++;
                long received = row.received() == null ? 0 : row.received();
                long duplicates = row.duplicates() == null ? 0 : row.duplicates();
                tally.rowsReceived += Math.max(0, received - duplicates);
                tally.rowsDuplicates += duplicates;
                tally.merge(row.histogram(), problems, peer.name());
                long key = ((long) row.destination() << 32) | Math.max(0, row.subscription());
                Tally subscription = bySubscription.computeIfAbsent(key, k -> new Tally());
                subscription.name = tally.name;
                subscription.received += Math.max(0, received - duplicates);
                subscription.duplicates += duplicates;
                // a refused histogram is named once, by the destination's merge above
                subscription.merge(row.histogram(), new ArrayList<>(), peer.name());
            }
        }

        /** Adds the test total's figures of each stream to its destination. */
        private void addStreams(List<StreamSummary> streams, Map<StreamKey, Integer> destinationOf) {
            for (Tally tally : byDestination.values()) {
                tally.refused = receivers ? tally.refused : null;
                tally.vanished = receivers ? tally.vanished : null;
            }
            for (StreamSummary stream : streams) {
                Integer destination = destinationOf.get(new StreamKey(stream.sender(), stream.connection()));
                if (destination == null) {
                    continue;
                }
                Tally tally = destination(destination, null);
                tally.streamsAccounted++;
                tally.received += stream.received();
                tally.duplicates += stream.duplicates();
                tally.refused = sum(tally.refused, stream.refused());
                tally.vanished = sum(tally.vanished, stream.vanished());
            }
            for (Tally tally : byDestination.values()) {
                if (tally.sent == null || tally.streamsAccounted < tally.streams) {
                    tally.refused = null;
                    tally.vanished = null;
                }
            }
        }

        private static Long sum(Long a, Long b) {
            return a == null || b == null ? null : a + b;
        }

        FlowDestinations destinations(TestSummary.MeasuredWindow window, int configured, List<String> problems) {
            double seconds = window == null ? 0 : window.millis() / 1000.0;
            List<DestinationFigures> each = new ArrayList<>();
            for (Map.Entry<Integer, Tally> entry : byDestination.entrySet()) {
                Tally t = entry.getValue();
                long measured = receivers ? t.measuredReceived : t.measuredSent;
                each.add(new DestinationFigures(
                        entry.getKey(),
                        t.name == null ? Integer.toString(entry.getKey()) : t.name,
                        t.sent,
                        t.received,
                        t.refused,
                        t.vanished,
                        t.duplicates,
                        seconds > 0 ? measured / seconds : 0,
                        DestinationLatency.of(t.latency)));
            }
            if (each.size() < configured) {
                problems.add("DESTINATIONS=" + configured + " but the connections reached " + each.size()
                        + " of them: a flow needs at least as many sender and receiver connections as destinations");
            }
            return FlowDestinations.of(each);
        }

        List<SubscriptionFigures> subscriptions() {
            List<SubscriptionFigures> each = new ArrayList<>();
            for (Map.Entry<Long, Tally> entry : bySubscription.entrySet()) {
                Tally t = entry.getValue();
                Long lost = t.sent == null ? null : Math.max(0, t.sent - t.received);
                each.add(new SubscriptionFigures(
                        (int) (entry.getKey() >> 32),
                        (int) (entry.getKey() & 0xffff_ffffL),
                        t.name,
                        t.sent,
                        t.received,
                        lost,
                        t.duplicates,
                        DestinationLatency.of(t.latency)));
            }
            return each;
        }
    }

    /** The subscriptions that lost messages, most lost first. */
    public static List<SubscriptionFigures> starving(List<SubscriptionFigures> subscriptions) {
        return subscriptions.stream()
                .filter(s -> s.lost() != null && s.lost() > 0)
                .sorted((a, b) -> Long.compare(b.lost(), a.lost()))
                .toList();
    }
}
