package org.maestro.reporter.compute;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.ToLongFunction;
import java.util.stream.Collectors;
import org.HdrHistogram.Histogram;
import org.maestro.common.files.rate.RateLog;
import org.maestro.common.measure.PeerResult;
import org.maestro.common.options.MessageSize;
import org.maestro.common.options.ParameterTable;
import org.maestro.common.options.TestOptions;
import org.maestro.common.peer.RunFiles;
import org.maestro.reporter.AgentAction;
import org.maestro.reporter.Decider;
import org.maestro.reporter.DuplicateDeliveries;
import org.maestro.reporter.MessageCounts;
import org.maestro.reporter.Outcome;
import org.maestro.reporter.PeerSummary;
import org.maestro.reporter.RateStats;
import org.maestro.reporter.ReportException;
import org.maestro.reporter.TestSummary;
import org.maestro.reporter.chart.Band;
import org.maestro.reporter.chart.Chart;
import org.maestro.reporter.chart.Series;
import org.maestro.reporter.chart.YScale;
import org.maestro.reporter.out.PercentileDistribution;
import org.maestro.reporter.read.AgentActionsFile;
import org.maestro.reporter.read.InspectedSystem;
import org.maestro.reporter.read.PeerDirectory;
import org.maestro.reporter.read.PeerEnd;
import org.maestro.reporter.read.ResultsLayout;
import org.maestro.reporter.read.Role;
import org.maestro.reporter.read.Roster;
import org.maestro.reporter.read.VerdictFile;

/**
 * Reads every peer of one test iteration and computes its {@link TestSummary} and the charts of
 * its report page.
 */
public final class IterationAnalyzer {

    /** The send delay (µs) of a sender's first measured message above which the report warns of a backlog. */
    public static final long BACKLOG_WARNING_MICROS = 10_000;

    /** Peers per role above which per-peer lines start switched off in the rate chart. */
    static final int VISIBLE_PEER_LINES = 8;

    /**
     * Summary and charts of one iteration.
     *
     * @param summary the numbers
     * @param charts the charts, in page order
     * @param distributions the measured values of each latency metric, all peers merged, by file name
     *                      ({@code response-time.hgrm} …); only the metrics that were recorded
     */
    public record Analysis(TestSummary summary, List<Chart> charts, Map<String, Histogram> distributions) {}

    private final Path dir;
    private final List<PeerDirectory> peers = new ArrayList<>();
    private final Map<PeerDirectory, List<RateLog.Row>> rates = new LinkedHashMap<>();
    private final List<String> warnings = new ArrayList<>();
    private Roster roster;

    private IterationAnalyzer(Path dir) {
        this.dir = dir;
    }

    /** Analyses {@code <results>/<test>/<iteration>/}. */
    public static Analysis analyze(Path iterationDir) {
        Path dir = iterationDir.toAbsolutePath().normalize();
        if (!Files.isDirectory(dir)) {
            throw new ReportException(iterationDir + " is not a directory; expected a test iteration directory "
                    + "<results>/<test-name>/<iteration>/ holding one directory per peer");
        }
        if (ResultsLayout.peerDirectories(dir).isEmpty()) {
            throw new ReportException(iterationDir + " holds no peer directory; expected a test iteration "
                    + "directory <results>/<test-name>/<iteration>/ with <peer-name>@<host>/ directories of peer files "
                    + "(test.properties, rate.csv, *.hlog, peer-result.json)");
        }
        return new IterationAnalyzer(dir).run();
    }

    private Analysis run() {
        try {
            roster = Roster.read(dir).orElse(null);
        } catch (IOException e) {
            warnings.add(e.getMessage());
        }
        if (roster != null) {
            warnings.addAll(roster.refusals());
        }
        for (Path peerDir : ResultsLayout.peerDirectories(dir)) {
            PeerDirectory peer = PeerDirectory.open(peerDir);
            peers.add(peer);
            warnings.addAll(peer.problems());
            peer.file(PeerDirectory.RATE).ifPresent(file -> {
                try {
                    rates.put(peer, RateLog.read(file));
                } catch (IOException e) {
                    warnings.add(e.getMessage());
                }
            });
        }
        String test = dir.getParent().getFileName().toString();
        int iteration = iterationNumber();
        long start = earliest(
                p -> p.millisProperty("test.start"),
                p -> p.result().map(PeerResult::startMillis).orElse(0L));
        long end = latest(
                p -> p.millisProperty("test.end"),
                p -> p.result().map(PeerResult::endMillis).orElse(0L));
        TestSummary.MeasuredWindow window = measuredWindow();
        long warmupEnd = latestOfSenders(p -> p.millisProperty("warmup.end"));
        if (warmupEnd == 0) {
            warmupEnd = latest(
                    p -> p.millisProperty("warmup.end"),
                    p -> p.result().map(PeerResult::warmupEndMillis).orElse(0L));
        }
        warnAboutBacklog();
        long firstRow = rates.values().stream()
                .flatMap(List::stream)
                .mapToLong(RateLog.Row::timestamp)
                .min()
                .orElse(0);
        long lastRow = rates.values().stream()
                .flatMap(List::stream)
                .mapToLong(RateLog.Row::timestamp)
                .max()
                .orElse(0);
        if (start == 0 && firstRow > 0) {
            start = firstRow - 1000;
        }
        if (end == 0) {
            end = lastRow;
        }
        if (warmupEnd == 0) {
            warmupEnd = rates.values().stream()
                    .flatMap(List::stream)
                    .filter(RateLog.Row::warmup)
                    .mapToLong(RateLog.Row::timestamp)
                    .max()
                    .orElse(0);
        }

        List<AgentAction> actions = readActions();
        List<Band> bands = new ArrayList<>();
        if (warmupEnd > start && start > 0) {
            long warmupStart = window != null ? Math.max(start, warmupEnd - window.warmupMillis()) : start;
            bands.add(new Band(warmupStart, warmupEnd, "warm-up", Band.WARMUP));
        }
        for (AgentAction action : actions) {
            boolean failed = Outcome.parse(action.outcome()) == Outcome.FAILURE;
            bands.add(new Band(
                    action.startMillis(),
                    action.endMillis(),
                    action.command() + (action.outcome().isEmpty() ? "" : " (" + action.outcome() + ")"),
                    failed ? Band.ACTION_FAILED : Band.ACTION));
        }

        MessageAccounting.Result accounting = accountMessages();
        warnings.addAll(accounting.problems());
        warnings.addAll(refusedStarts());

        List<RateAggregation.Second> senderTotals =
                RateAggregation.totals(ratesOf(Role.SENDER).values());
        List<RateAggregation.Second> receiverTotals =
                RateAggregation.totals(ratesOf(Role.RECEIVER).values());

        LatencyAggregation.Result response = latency(PeerDirectory.RESPONSE_TIME);
        LatencyAggregation.Result service = latency(PeerDirectory.SERVICE_TIME);
        LatencyAggregation.Result sendDelay = latency(PeerDirectory.SEND_DELAY);
        JitterAggregation.Result jitter = jitter();
        TestSummary.Latencies latencies = new TestSummary.Latencies(
                response == null ? null : response.stats(),
                service == null ? null : service.stats(),
                sendDelay == null ? null : sendDelay.stats(),
                jitter == null ? null : jitter.stats());
        warnAboutClocks(latencies);

        List<Chart> charts = new ArrayList<>();
        charts.add(rateChart(senderTotals, receiverTotals, bands));
        addLatencyChart(charts, "chart-response-time", "Response time (ms): receive − intended send", response, bands);
        addLatencyChart(charts, "chart-service-time", "Service time (ms): receive − actual send", service, bands);
        addLatencyChart(charts, "chart-send-delay", "Send delay (ms): actual − intended send", sendDelay, bands);
        addJitterChart(charts, jitter, bands);
        Chart distribution = distributionChart(response, service, sendDelay, jitter);
        if (!distribution.series().isEmpty()) {
            charts.add(distribution);
        }
        charts.addAll(inspectorCharts(bands));
        // time charts open on the whole test, warm-up band in view; outliers are clipped, not allowed to flatten
        charts.replaceAll(chart -> Chart.TIME.equals(chart.kind()) ? YScale.robust(chart) : chart);

        Map<String, String> parameters = parameters();
        Verdict verdict = verdict(LossCheck.judge(accounting.counts(), parameters.get("MAXIMUM_LOSS")));
        RateStats senderRate = RateAggregation.stats(senderTotals, window);
        RateStats receiverRate = RateAggregation.stats(receiverTotals, window);
        Integer messageBytes = messageBytes(parameters);
        if (messageBytes != null) {
            senderRate = senderRate.withMessageSize(messageBytes);
            receiverRate = receiverRate.withMessageSize(messageBytes);
        }
        DuplicateDeliveries.explain(
                        accounting.counts().received(),
                        accounting.counts().duplicates(),
                        receiverRate.mean(),
                        senderRate.mean())
                .ifPresent(warnings::add);
        TestSummary summary = new TestSummary(
                TestSummary.FORMAT_VERSION,
                test,
                iteration,
                start,
                end,
                warmupEnd,
                verdict.outcome(),
                verdict.reason(),
                verdict.decidedBy(),
                withRateErrors(accounting.counts()),
                new TestSummary.Rates(senderRate, receiverRate, window),
                latencies,
                parameters,
                peerSummaries(),
                accounting.streams(),
                actions,
                List.copyOf(warnings));
        Map<String, Histogram> distributions = new LinkedHashMap<>();
        putDistribution(distributions, PercentileDistribution.RESPONSE_TIME, response);
        putDistribution(distributions, PercentileDistribution.SERVICE_TIME, service);
        putDistribution(distributions, PercentileDistribution.SEND_DELAY, sendDelay);
        if (jitter != null && jitter.magnitude().getTotalCount() > 0) {
            distributions.put(PercentileDistribution.JITTER, jitter.magnitude());
        }
        return new Analysis(summary.withRunId(runId()), charts, distributions);
    }

    /** The runner's run id of the iteration, else the run id the peers' test.properties name. */
    private String runId() {
        VerdictFile runner = recorded(VerdictFile.RUNNER);
        if (runner != null && runner.runId() != null) {
            return runner.runId();
        }
        Set<String> named = new LinkedHashSet<>();
        for (PeerDirectory peer : peers) {
            String value = peer.testProperties().get(RunFiles.RUN_ID_KEY);
            if (value != null && !value.isBlank()) {
                named.add(value.trim());
            }
        }
        return named.isEmpty() ? null : String.join(" | ", named);
    }

    private int iterationNumber() {
        String name = dir.getFileName().toString();
        if (ResultsLayout.isIterationName(name)) {
            return Integer.parseInt(name);
        }
        for (PeerDirectory peer : peers) {
            String value = peer.testProperties().get("test.iteration");
            if (value != null && ResultsLayout.isIterationName(value.trim())) {
                return Integer.parseInt(value.trim());
            }
        }
        return 0;
    }

    @SafeVarargs
    private long earliest(ToLongFunction<PeerDirectory>... sources) {
        long best = Long.MAX_VALUE;
        for (PeerDirectory peer : peers) {
            for (ToLongFunction<PeerDirectory> source : sources) {
                long value = source.applyAsLong(peer);
                if (value > 0) {
                    best = Math.min(best, value);
                }
            }
        }
        return best == Long.MAX_VALUE ? 0 : best;
    }

    @SafeVarargs
    private long latest(ToLongFunction<PeerDirectory>... sources) {
        long best = 0;
        for (PeerDirectory peer : peers) {
            for (ToLongFunction<PeerDirectory> source : sources) {
                best = Math.max(best, source.applyAsLong(peer));
            }
        }
        return best;
    }

    /**
     * The measured window of the test: from the earliest end of a sender's warm-up to the latest end of a sender's
     * measured window ({@code measured.end} in its test.properties); null when no sender recorded one (older files).
     */
    private TestSummary.MeasuredWindow measuredWindow() {
        long first = Long.MAX_VALUE;
        long last = 0;
        long warmUp = 0;
        for (PeerDirectory peer : peers) {
            TestSummary.MeasuredWindow own = ownWindow(peer);
            if (own != null) {
                first = Math.min(first, own.startMillis());
                last = Math.max(last, own.endMillis());
                warmUp = Math.max(warmUp, own.warmupMillis());
            }
        }
        return last > first ? new TestSummary.MeasuredWindow(first, last, warmUp) : null;
    }

    /** A sender's own measured window, null for another peer or a sender that recorded none. */
    private static TestSummary.MeasuredWindow ownWindow(PeerDirectory peer) {
        if (peer.role() != Role.SENDER) {
            return null;
        }
        long start = peer.millisProperty("test.start");
        long warmupEnd = peer.millisProperty("warmup.end");
        long measuredEnd = peer.millisProperty("measured.end");
        if (warmupEnd <= 0 || measuredEnd <= warmupEnd) {
            return null;
        }
        return new TestSummary.MeasuredWindow(warmupEnd, measuredEnd, start > 0 ? warmupEnd - start : 0);
    }

    private long latestOfSenders(ToLongFunction<PeerDirectory> source) {
        return peers.stream()
                .filter(p -> p.role() == Role.SENDER)
                .mapToLong(source)
                .max()
                .orElse(0);
    }

    /**
     * Warns about every sender that entered the measured window behind its timeline (the send delay of its first
     * measured message, {@code warmup.lag.micros}, above {@value #BACKLOG_WARNING_MICROS} µs).
     */
    private void warnAboutBacklog() {
        for (PeerDirectory peer : peers) {
            long lag = peer.role() == Role.SENDER ? peer.millisProperty("warmup.lag.micros") : 0;
            if (lag > BACKLOG_WARNING_MICROS) {
                long backlog = peer.millisProperty("warmup.backlog");
                warnings.add(backlogWarning(peer.name(), lag, backlog));
            }
        }
    }

    /** The warning about a sender that entered the measured window behind its timeline. */
    public static String backlogWarning(String sender, long lagMicros, long backlog) {
        return String.format(
                java.util.Locale.ROOT,
                "%s entered the measured window %.1f ms behind its timeline "
                        + "(%,d warm-up message(s) still to send): the measured latency includes the load generator's "
                        + "backlog; use a longer WARM_UP, WARM_UP=auto or a lower RATE",
                sender,
                lagMicros / 1000.0,
                backlog);
    }

    private Map<String, List<RateLog.Row>> ratesOf(Role role) {
        Map<String, List<RateLog.Row>> result = new LinkedHashMap<>();
        rates.forEach((peer, rows) -> {
            if (peer.role() == role) {
                result.put(peer.name(), rows);
            }
        });
        return result;
    }

    private List<AgentAction> readActions() {
        List<AgentAction> actions = new ArrayList<>();
        for (PeerDirectory peer : peers) {
            peer.file(PeerDirectory.AGENT_ACTIONS).ifPresent(file -> {
                try {
                    actions.addAll(AgentActionsFile.read(file, peer.name()));
                } catch (IOException e) {
                    warnings.add(e.getMessage());
                }
            });
        }
        actions.sort((a, b) -> Long.compare(a.startMillis(), b.startMillis()));
        return actions;
    }

    private MessageAccounting.Result accountMessages() {
        List<MessageAccounting.Peer> senders = new ArrayList<>();
        List<MessageAccounting.Peer> receivers = new ArrayList<>();
        List<MessageAccounting.Missing> missing = new ArrayList<>();
        for (PeerDirectory peer : peers) {
            if (peer.role() != Role.SENDER && peer.role() != Role.RECEIVER) {
                continue;
            }
            Map<String, String> props = peer.testProperties();
            String url = peer.role() == Role.SENDER
                    ? props.getOrDefault("SEND_URL", props.get("SEND_RECEIVE_URL"))
                    : props.getOrDefault("RECEIVE_URL", props.get("SEND_RECEIVE_URL"));
            String address = url == null ? rosterAddress(peer) : MessageAccounting.address(url);
            if (peer.result().isEmpty()) {
                String why = rosterEntry(peer)
                        .map(Roster.Entry::describe)
                        .orElse("wrote no " + PeerDirectory.PEER_RESULT + " (did it stop before the end of the test?)");
                warnings.add(peer.name() + " has no " + PeerDirectory.PEER_RESULT + " (" + why
                        + "): its messages are missing from the counts");
                missing.add(
                        new MessageAccounting.Missing(peer.name(), peer.role().label(), address, why));
            } else if (peer.role() == Role.SENDER) {
                senders.add(new MessageAccounting.Peer(
                        peer.name(), address, peer.result().get()));
            } else {
                receivers.add(new MessageAccounting.Peer(
                        peer.name(), address, peer.result().get()));
            }
        }
        for (Roster.Entry entry : absentPeers()) {
            if (entry.loadsTheSystem()) {
                warnings.add(entry.name() + " (" + entry.role() + ") has no files here (" + entry.describe()
                        + "): its messages are missing from the counts");
                missing.add(new MessageAccounting.Missing(
                        entry.name(), entry.role(), entry.address() == null ? "" : entry.address(), entry.describe()));
            }
        }
        return MessageAccounting.account(senders, receivers, missing);
    }

    /** A warning for each peer that refused its start; an inspector's means the test has no data of the SUT. */
    private List<String> refusedStarts() {
        if (roster == null) {
            return List.of();
        }
        return roster.peers().stream()
                .filter(entry -> entry.ended() == PeerEnd.NOT_STARTED)
                .map(entry -> entry.name() + " (" + entry.role() + ") " + entry.describe()
                        + ("inspector".equals(entry.role()) ? ": this test has no data of the system under test" : ""))
                .toList();
    }

    /** The roster's peers that have no directory here: their files never arrived. */
    private List<Roster.Entry> absentPeers() {
        if (roster == null) {
            return List.of();
        }
        Set<String> present =
                peers.stream().map(p -> p.dir().getFileName().toString()).collect(Collectors.toSet());
        return roster.peers().stream()
                .filter(entry -> !present.contains(entry.name()))
                .toList();
    }

    /** The roster's entry of a peer, known by its directory's name (the runner's qualified name). */
    private Optional<Roster.Entry> rosterEntry(PeerDirectory peer) {
        String directory = peer.dir().getFileName().toString();
        return roster == null
                ? Optional.empty()
                : roster.peers().stream()
                        .filter(entry -> entry.name().equals(directory))
                        .findFirst();
    }

    private String rosterAddress(PeerDirectory peer) {
        return rosterEntry(peer).map(Roster.Entry::address).orElse("");
    }

    /** Adds the rate-file errors of senders and receivers that wrote no peer-result.json. */
    private MessageCounts withRateErrors(MessageCounts counts) {
        long extra = 0;
        for (Map.Entry<PeerDirectory, List<RateLog.Row>> entry : rates.entrySet()) {
            PeerDirectory peer = entry.getKey();
            if (peer.result().isEmpty() && (peer.role() == Role.SENDER || peer.role() == Role.RECEIVER)) {
                extra +=
                        entry.getValue().stream().mapToLong(RateLog.Row::errors).sum();
            }
        }
        return extra == 0 ? counts : counts.withMoreErrors(extra);
    }

    /** The receivers' jitter logs merged, or null when no receiver wrote one (unbounded rate). */
    private JitterAggregation.Result jitter() {
        List<Path> late = peers.stream()
                .map(p -> p.file(PeerDirectory.JITTER_LATE))
                .flatMap(Optional::stream)
                .collect(Collectors.toList());
        List<Path> early = peers.stream()
                .map(p -> p.file(PeerDirectory.JITTER_EARLY))
                .flatMap(Optional::stream)
                .collect(Collectors.toList());
        if (late.isEmpty() && early.isEmpty()) {
            return null;
        }
        JitterAggregation.Result result = JitterAggregation.aggregate(late, early);
        warnings.addAll(result.problems());
        return result;
    }

    private LatencyAggregation.Result latency(String fileName) {
        List<Path> logs = peers.stream()
                .map(p -> p.file(fileName))
                .flatMap(Optional::stream)
                .collect(Collectors.toList());
        if (logs.isEmpty()) {
            return null;
        }
        LatencyAggregation.Result result = LatencyAggregation.aggregate(logs);
        warnings.addAll(result.problems());
        if (result.measured().getTotalCount() == 0) {
            warnings.add(fileName + ": no measured (non-warm-up) interval in " + logs.size() + " log(s)");
        }
        return result;
    }

    private void warnAboutClocks(TestSummary.Latencies latencies) {
        if (latencies.responseTime() == null && latencies.serviceTime() == null) {
            return;
        }
        Set<String> hosts = new LinkedHashSet<>();
        Set<String> clocks = new LinkedHashSet<>();
        for (PeerDirectory peer : peers) {
            if (peer.role() == Role.SENDER || peer.role() == Role.RECEIVER) {
                if (!peer.host().isEmpty()) {
                    hosts.add(peer.host());
                }
                String clock = peer.systemProperties().get("clock.source");
                if (clock != null) {
                    clocks.add(clock);
                }
            }
        }
        if (hosts.size() > 1) {
            warnings.add("Senders and receivers ran on " + hosts.size() + " hosts (" + String.join(", ", hosts)
                    + "): response and service times include the clock offset between them; keep the clocks "
                    + "synchronised (chrony/PTP) or read these latencies as upper bounds.");
        }
        if (clocks.size() > 1) {
            warnings.add("Peers used different clock sources: " + String.join(" / ", clocks));
        }
    }

    private Chart rateChart(
            List<RateAggregation.Second> senderTotals, List<RateAggregation.Second> receiverTotals, List<Band> bands) {
        List<Series> series = new ArrayList<>();
        Map<String, List<RateLog.Row>> senders = ratesOf(Role.SENDER);
        Map<String, List<RateLog.Row>> receivers = ratesOf(Role.RECEIVER);
        if (senders.size() > 1 || (senders.isEmpty() && !senderTotals.isEmpty())) {
            series.add(new Series("senders (total)", totalPoints(senderTotals), false, true));
        }
        if (receivers.size() > 1) {
            series.add(new Series("receivers (total)", totalPoints(receiverTotals), false, true));
        }
        boolean hidePeers = senders.size() + receivers.size() > VISIBLE_PEER_LINES;
        for (Map<String, List<RateLog.Row>> role : List.of(senders, receivers)) {
            role.forEach((name, rows) -> {
                List<Object[]> points = new ArrayList<>(rows.size());
                rows.forEach(row -> points.add(new Object[] {row.timestamp(), row.count()}));
                series.add(new Series(name, points, hidePeers, false));
            });
        }
        List<Object[]> errors = new ArrayList<>();
        long errorTotal = 0;
        for (RateAggregation.Second second : RateAggregation.totals(rates.values())) {
            errors.add(new Object[] {second.timestamp(), second.errors()});
            errorTotal += second.errors();
        }
        if (errorTotal > 0) {
            series.add(new Series("errors (all peers)", errors, false, false));
        }
        series.addAll(refusalSeries(senders.values()));
        return new Chart("chart-rate", "Rate over time (msg/s)", Chart.TIME, "msg/s", series, bands, null, null);
    }

    /**
     * The senders' released, rejected, modified and failed send attempts per second, one line each for those that
     * happened: where a router or broker refused messages during an outage.
     */
    private static List<Series> refusalSeries(Collection<List<RateLog.Row>> senders) {
        Map<Long, long[]> seconds = new TreeMap<>();
        long[] totals = new long[4];
        for (List<RateLog.Row> rows : senders) {
            for (RateLog.Row row : rows) {
                if (row.outcomes() == null) {
                    continue;
                }
                long[] sums = seconds.computeIfAbsent(Math.round(row.timestamp() / 1000.0), s -> new long[4]);
                long[] values = {
                    row.outcomes().released(),
                    row.outcomes().rejected(),
                    row.outcomes().modified(),
                    row.outcomes().failed()
                };
                for (int i = 0; i < 4; i++) {
                    sums[i] += values[i];
                    totals[i] += values[i];
                }
            }
        }
        String[] names = {"released (senders)", "rejected (senders)", "modified (senders)", "failed sends (senders)"};
        List<Series> series = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            if (totals[i] == 0) {
                continue;
            }
            List<Object[]> points = new ArrayList<>(seconds.size());
            int which = i;
            seconds.forEach((second, sums) -> points.add(new Object[] {second * 1000, sums[which]}));
            series.add(new Series(names[i], points, false, false));
        }
        return series;
    }

    private static List<Object[]> totalPoints(List<RateAggregation.Second> totals) {
        List<Object[]> points = new ArrayList<>(totals.size());
        totals.forEach(second -> points.add(new Object[] {second.timestamp(), second.count()}));
        return points;
    }

    private static void addLatencyChart(
            List<Chart> charts, String id, String title, LatencyAggregation.Result result, List<Band> bands) {
        if (result == null || result.overTime().isEmpty()) {
            return;
        }
        List<Object[]> p50 = new ArrayList<>();
        List<Object[]> p99 = new ArrayList<>();
        List<Object[]> max = new ArrayList<>();
        for (LatencyAggregation.Point point : result.overTime()) {
            p50.add(new Object[] {point.timestamp(), LatencyAggregation.toMillis(point.p50())});
            p99.add(new Object[] {point.timestamp(), LatencyAggregation.toMillis(point.p99())});
            max.add(new Object[] {point.timestamp(), LatencyAggregation.toMillis(point.max())});
        }
        charts.add(new Chart(
                id,
                title,
                Chart.TIME,
                "ms",
                List.of(Series.of("p50", p50), Series.of("p99", p99), Series.of("max", max)),
                bands,
                null,
                null));
    }

    /**
     * Inter-arrival jitter over time: per second the largest and the p99 late value (J ≥ 0), and the largest early
     * value drawn below zero (−max of −J), so a stall is a peak and its catch-up burst a dip.
     */
    private static void addJitterChart(List<Chart> charts, JitterAggregation.Result jitter, List<Band> bands) {
        if (jitter == null
                || jitter.late().overTime().isEmpty()
                        && jitter.early().overTime().isEmpty()) {
            return;
        }
        List<Object[]> lateMax = new ArrayList<>();
        List<Object[]> lateP99 = new ArrayList<>();
        List<Object[]> earlyMax = new ArrayList<>();
        for (LatencyAggregation.Point point : jitter.late().overTime()) {
            lateMax.add(new Object[] {point.timestamp(), LatencyAggregation.toMillis(point.max())});
            lateP99.add(new Object[] {point.timestamp(), LatencyAggregation.toMillis(point.p99())});
        }
        for (LatencyAggregation.Point point : jitter.early().overTime()) {
            earlyMax.add(new Object[] {point.timestamp(), -LatencyAggregation.toMillis(point.max())});
        }
        charts.add(new Chart(
                "chart-jitter",
                "Inter-arrival jitter (ms): J = t'n − t'n−1 − 1/RATE per stream",
                Chart.TIME,
                "ms",
                List.of(
                        Series.of("late max", lateMax),
                        Series.of("late p99", lateP99),
                        Series.of("early max (−)", earlyMax)),
                bands,
                "late: a gap longer than the intended interval; early (below 0): arrivals closer together",
                null));
    }

    private static Chart distributionChart(
            LatencyAggregation.Result response,
            LatencyAggregation.Result service,
            LatencyAggregation.Result sendDelay,
            JitterAggregation.Result jitter) {
        List<Series> series = new ArrayList<>();
        addDistribution(series, "response time", response);
        addDistribution(series, "service time", service);
        addDistribution(series, "send delay", sendDelay);
        if (jitter != null && jitter.magnitude().getTotalCount() > 0) {
            series.add(Series.of("jitter |J|", LatencyAggregation.distribution(jitter.magnitude())));
        }
        return new Chart(
                "chart-distribution",
                "Latency by percentile (ms), measured intervals",
                Chart.NINES,
                "ms",
                series,
                List.of(),
                null,
                null);
    }

    private static void addDistribution(List<Series> series, String name, LatencyAggregation.Result result) {
        if (result != null && result.measured().getTotalCount() > 0) {
            series.add(Series.of(name, LatencyAggregation.distribution(result.measured())));
        }
    }

    private List<Chart> inspectorCharts(List<Band> bands) {
        List<Chart> charts = new ArrayList<>();
        int n = 0;
        for (PeerDirectory peer : peers) {
            List<Path> dataSets;
            InspectedSystem inspected;
            try {
                dataSets = peer.dataSets();
                inspected = dataSets.isEmpty()
                        ? null
                        : InspectedSystem.of(peer.dir()).orElse(null);
            } catch (IOException e) {
                warnings.add("cannot read " + peer.dir() + ": " + e.getMessage());
                continue;
            }
            for (Path file : dataSets) {
                String dataSet = PeerDirectory.dataSetName(file);
                String title = inspected != null ? inspected.title(dataSet) : dataSet + " (" + peer.name() + ")";
                try {
                    charts.addAll(InspectorCharts.charts("chart-inspector-" + n++, title, file, bands));
                } catch (IOException | RuntimeException e) {
                    warnings.add(file + " could not be charted: " + e.getMessage());
                }
            }
        }
        return charts;
    }

    private record Verdict(Outcome outcome, String reason, Decider decidedBy) {}

    /**
     * The iteration's one verdict: a failure the script declared decides it, else the runner's, else the peers', else
     * a loss beyond MAXIMUM_LOSS (or an unknown loss). The runner's failure is the first cause (a start refused, a peer
     * died), so its text comes first, then the script's, then the peers', then the loss. Without failure: the peers'
     * success and the loss that held (or the script's reason when it gave one).
     */
    private Verdict verdict(LossCheck loss) {
        VerdictFile script = recorded(VerdictFile.SCRIPT);
        VerdictFile runner = recorded(VerdictFile.RUNNER);
        List<String> failures = new ArrayList<>();
        Decider decidedBy = null;
        if (runner != null && runner.failed()) {
            failures.add("runner: " + orNoReason(runner.reason()));
            decidedBy = Decider.RUNNER;
        }
        if (script != null && script.failed()) {
            failures.add("script: " + orNoReason(script.reason()));
            decidedBy = Decider.SCRIPT;
        }
        Set<String> successes = new LinkedHashSet<>();
        for (PeerDirectory peer : peers) {
            if (peer.result().isEmpty()) {
                continue;
            }
            PeerResult result = peer.result().get();
            Outcome peerOutcome = Outcome.parse(result.outcome());
            String reason = result.reason() == null ? "" : result.reason().trim();
            if (peerOutcome == Outcome.FAILURE) {
                failures.add(peer.name() + ": " + orNoReason(reason));
                decidedBy = decidedBy == null ? Decider.PEERS : decidedBy;
            } else if (peerOutcome == Outcome.SUCCESS) {
                successes.add(reason);
            }
        }
        boolean peersReported = !successes.isEmpty() || !failures.isEmpty();
        if (peersReported && !loss.held()) {
            failures.add(loss.text());
            decidedBy = decidedBy == null ? Decider.LOSS : decidedBy;
        }
        if (!failures.isEmpty()) {
            return new Verdict(Outcome.FAILURE, String.join("; ", failures), decidedBy);
        }
        if (!successes.isEmpty()) {
            if (script != null
                    && script.outcome() == Outcome.SUCCESS
                    && !script.reason().isBlank()) {
                return new Verdict(Outcome.SUCCESS, script.reason(), Decider.SCRIPT);
            }
            successes.remove("");
            successes.add(loss.text());
            return new Verdict(
                    Outcome.SUCCESS,
                    (successes.size() == 1 ? "all peers reported success; " : "") + String.join("; ", successes),
                    Decider.PEERS);
        }
        return new Verdict(
                Outcome.UNKNOWN,
                "no peer reported an outcome (no " + PeerDirectory.PEER_RESULT + " with an outcome)",
                Decider.PEERS);
    }

    private static String orNoReason(String reason) {
        return reason == null || reason.isBlank() ? "failed (no reason given)" : reason;
    }

    /** A verdict the runner or the script recorded in the iteration directory, or null. */
    private VerdictFile recorded(String fileName) {
        try {
            return VerdictFile.read(dir, fileName).orElse(null);
        } catch (IOException e) {
            warnings.add(e.getMessage());
            return null;
        }
    }

    private static void putDistribution(Map<String, Histogram> into, String name, LatencyAggregation.Result result) {
        if (result != null && result.measured().getTotalCount() > 0) {
            into.put(name, result.measured());
        }
    }

    /**
     * The message size all senders used (MESSAGE_SIZE, {@code ~} taken at its nominal size; the peers' default when no
     * peer lists it); null when the peers used several.
     */
    private static Integer messageBytes(Map<String, String> parameters) {
        String size = parameters.get("MESSAGE_SIZE");
        if (size == null) {
            return TestOptions.DEFAULTS.messageSize().bytes();
        }
        if (size.contains("|")) {
            return null;
        }
        try {
            return MessageSize.parse(size.trim()).bytes();
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    private Map<String, String> parameters() {
        Map<String, Set<String>> values = new TreeMap<>();
        List<PeerDirectory> ordered = new ArrayList<>(peers);
        ordered.sort((a, b) -> Integer.compare(a.role().ordinal(), b.role().ordinal()));
        for (PeerDirectory peer : ordered) {
            if (peer.testProperties().isEmpty()) {
                continue;
            }
            // as the peer used them: defaults of what it did not record, its URLs as senders and receivers used them
            ParameterTable.complete(peer.testProperties()).forEach((key, value) -> {
                if (isParameter(key)) {
                    values.computeIfAbsent(key, k -> new LinkedHashSet<>()).add(value);
                }
            });
        }
        Map<String, String> parameters = new TreeMap<>();
        values.forEach((key, set) -> parameters.put(key, String.join(" | ", set)));
        return parameters;
    }

    /** Test parameters are the peers' test.properties without what the page shows elsewhere (the run id too). */
    private static boolean isParameter(String key) {
        return !key.startsWith("peer.")
                && !key.startsWith("test.")
                && !key.equals("warmup.end")
                && !key.equals(RunFiles.RUN_ID_KEY);
    }

    private List<PeerSummary> peerSummaries() {
        List<PeerSummary> summaries = new ArrayList<>();
        for (PeerDirectory peer : peers) {
            List<RateLog.Row> rows = rates.get(peer);
            TestSummary.MeasuredWindow own = peer.role() == Role.SENDER ? ownWindow(peer) : measuredWindow();
            RateStats rate =
                    rows == null ? RateStats.EMPTY : RateAggregation.stats(RateAggregation.totals(List.of(rows)), own);
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
                    result == null ? Outcome.UNKNOWN : Outcome.parse(result.outcome()),
                    result == null || result.reason() == null ? "" : result.reason(),
                    result == null && rows == null ? null : count,
                    errors,
                    rate,
                    peer.testProperties(),
                    peer.systemProperties(),
                    rosterEntry(peer).map(Roster.Entry::describe).orElse(null)));
        }
        for (Roster.Entry entry : absentPeers()) {
            String host = entry.host() == null ? "" : entry.host();
            String name = entry.name().endsWith("@" + host) && !host.isEmpty()
                    ? entry.name().substring(0, entry.name().length() - host.length() - 1)
                    : entry.name();
            summaries.add(new PeerSummary(
                    name,
                    entry.role(),
                    host,
                    Outcome.UNKNOWN,
                    "",
                    null,
                    0,
                    RateStats.EMPTY,
                    Map.of(),
                    Map.of(),
                    entry.describe()));
        }
        return summaries;
    }
}
