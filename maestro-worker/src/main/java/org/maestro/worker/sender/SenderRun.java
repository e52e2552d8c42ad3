package org.maestro.worker.sender;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.HdrHistogram.Histogram;
import org.maestro.base.net.UrlRedactor;
import org.maestro.base.time.MicroClock;
import org.maestro.common.files.connections.ConnectionsCsv;
import org.maestro.common.measure.OutcomeCounts;
import org.maestro.common.measure.PeerResult;
import org.maestro.common.options.TestOptions;
import org.maestro.common.peer.ErrorCodes;
import org.maestro.common.peer.PeerContext;
import org.maestro.common.peer.RoleException;
import org.maestro.common.protocol.Role;
import org.maestro.common.time.Sleeper;
import org.maestro.driver.Driver;
import org.maestro.worker.measure.PayloadBytes;
import org.maestro.worker.measure.SingleWriterLatencyRecorder;
import org.maestro.worker.role.ConnectionPlace;
import org.maestro.worker.role.ConnectionsFile;
import org.maestro.worker.role.IntervalWriter;
import org.maestro.worker.role.LoadRun;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** One test run of a sender: its connections, each on its own thread, and the run's supervision. */
final class SenderRun extends LoadRun {
    static final String SEND_DELAY = "send-delay";
    /** The test property of the end of the measured window (epoch ms). */
    public static final String MEASURED_END = "measured.end";
    /** The test property of the send delay (µs) the sender carried into the measured window. */
    public static final String WARMUP_LAG = "warmup.lag.micros";
    /** The test property of the warm-up messages sent after the warm-up ended. */
    public static final String WARMUP_BACKLOG = "warmup.backlog";
    /** The test property saying how an automatic warm-up ended: settled or limit. */
    public static final String WARMUP_AUTO = "warmup.auto";

    private static final Logger LOG = LoggerFactory.getLogger(SenderRun.class);

    private final String url;
    private final SenderRole.Settings settings;
    private final List<SenderConnection> connections = new ArrayList<>();
    private final List<SingleWriterLatencyRecorder> recorders = new ArrayList<>();
    private final List<ConnectionPlace> places = new ArrayList<>();
    private volatile WarmUpBoundary warmUp;

    SenderRun(
            PeerContext context,
            TestOptions options,
            Path directory,
            String url,
            Driver driver,
            byte[] nameBytes,
            SenderRole.Settings settings,
            SendPlan plan) {
        super(context, options, settings.clock(), directory);
        this.url = url;
        this.settings = settings;
        MicroClock clock = settings.clock();
        Sleeper pause = settings.pause();
        for (int i = 0; i < options.parallelCount(); i++) {
            SingleWriterLatencyRecorder recorder = new SingleWriterLatencyRecorder().keepMeasuredTotal();
            recorders.add(recorder);
            ConnectionPlace place = ConnectionPlace.ofSender(options, url, i);
            places.add(place);
            connections.add(SenderConnection.create(new SenderConnection.Parts(
                    i,
                    () -> driver.connect(place.url(), clock, settings.connectTimeout()),
                    plan,
                    clock,
                    pause,
                    settings.hook(),
                    recorder,
                    nameBytes)));
        }
    }

    /** Connects every connection (in parallel, within the connect timeout), then starts sending. */
    void start() throws RoleException {
        String name = context.self().name();
        for (SenderConnection connection : connections) {
            Thread thread = new Thread(
                    () -> {
                        try {
                            connection.run();
                        } finally {
                            request(Event.CHECK);
                        }
                    },
                    "maestro-sender-" + name + "-" + connection.index());
            thread.setDaemon(true);
            thread.start();
        }
        CompletableFuture<Void> all = CompletableFuture.allOf(
                connections.stream().map(SenderConnection::connected).toArray(CompletableFuture[]::new));
        try {
            all.get(
                    settings.connectTimeout().toMillis() + SenderConnection.PRIMING_LIMIT_MICROS / 1000 + 2_000,
                    TimeUnit.MILLISECONDS);
            begin("maestro-sender-" + name + "-supervisor");
        } catch (ExecutionException e) {
            abortAll();
            throw new RoleException(ErrorCodes.SUT_UNAVAILABLE, e.getCause().getMessage(), e.getCause());
        } catch (TimeoutException e) {
            abortAll();
            throw new RoleException(
                    ErrorCodes.SUT_UNAVAILABLE,
                    "the sender could not connect to "
                            + UrlRedactor.redact(url) + " and send its priming messages within "
                            + (settings.connectTimeout().toSeconds()
                                    + SenderConnection.PRIMING_LIMIT_MICROS / 1_000_000
                                    + 2)
                            + " s: is the system under test running, and does it take messages for the address (a router "
                            + "gives no credit to an address without a receiver)?");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            abortAll();
            throw new RoleException(ErrorCodes.OTHER, "interrupted while connecting to " + UrlRedactor.redact(url));
        } catch (java.io.IOException e) {
            abortAll();
            throw new RoleException(
                    ErrorCodes.IO, "cannot create the result files in " + directory + ": " + e.getMessage(), e);
        }
        long start = startMicros();
        WarmUpBoundary boundary = options.warmUpAuto()
                ? WarmUpBoundary.automatic(start, TestOptions.AUTO_WARM_UP_LIMIT.toNanos() / 1000)
                : WarmUpBoundary.fixed(start, options.warmUp().toNanos() / 1000);
        warmUp = boundary;
        connections.forEach(connection -> connection.start(start, boundary));
    }

    @Override
    protected void afterInterval(long endMillis) {
        WarmUpBoundary boundary = warmUp;
        if (boundary != null && boundary.afterInterval(log(SEND_DELAY).lastWarmUpInterval(), clock.nowMicros())) {
            LOG.info(
                    "the send delay settled: the warm-up ends after {} ms",
                    (boundary.endMicros() - startMicros()) / 1000);
        }
    }

    @Override
    protected long warmupEndMillis() {
        WarmUpBoundary boundary = warmUp;
        return boundary == null ? super.warmupEndMillis() : boundary.endMicros() / 1000;
    }

    @Override
    protected long liveCount() {
        return connections.stream().mapToLong(SenderConnection::begun).sum();
    }

    /**
     * {@code measured.end}: when the measured window ended (epoch ms; absent when no measured message was sent);
     * the body bytes sent ({@link PayloadBytes});
     * {@code warmup.lag.micros}: the largest send delay of a connection's first measured message, how far behind
     * its timeline the sender entered the measured window; {@code warmup.backlog}: warm-up messages sent after the
     * warm-up ended; {@code warmup.auto}: with {@code WARM_UP=auto}, {@code settled} or {@code limit}.
     */
    @Override
    protected Map<String, String> measurements() {
        Map<String, String> values = new LinkedHashMap<>();
        long measuredEnd = connections.stream()
                .mapToLong(SenderConnection::measuredEndMicros)
                .max()
                .orElse(0);
        if (measuredEnd > 0) {
            values.put(MEASURED_END, Long.toString(measuredEnd / 1000));
        }
        long lag = connections.stream()
                .mapToLong(SenderConnection::firstMeasuredDelayMicros)
                .max()
                .orElse(-1);
        if (lag >= 0) {
            values.put(WARMUP_LAG, Long.toString(lag));
        }
        values.put(
                WARMUP_BACKLOG,
                Long.toString(connections.stream()
                        .mapToLong(SenderConnection::backlog)
                        .sum()));
        WarmUpBoundary boundary = warmUp;
        if (boundary != null && boundary.auto()) {
            values.put(WARMUP_AUTO, boundary.settled() ? "settled" : "limit");
        }
        values.putAll(PayloadBytes.properties(
                connections.stream().map(SenderConnection::bytes).toList()));
        return values;
    }

    private void abortAll() {
        connections.forEach(SenderConnection::abort);
    }

    @Override
    protected List<String> logNames() {
        return List.of(SEND_DELAY);
    }

    @Override
    protected org.HdrHistogram.Histogram lastSendDelays() {
        return log(SEND_DELAY).lastInterval();
    }

    @Override
    protected void attachRecorders(IntervalWriter writer) {
        recorders.forEach(writer.log(SEND_DELAY)::add);
    }

    @Override
    protected long errors() {
        return connections.stream().mapToLong(SenderConnection::errors).sum();
    }

    @Override
    protected OutcomeCounts outcomes() {
        OutcomeCounts total = OutcomeCounts.NONE;
        for (SenderConnection connection : connections) {
            total = total.plus(connection.outcomes());
        }
        return total;
    }

    @Override
    protected String checkEnd(Event event, long nowMicros) {
        if (event == Event.STOP) {
            return "stopped by the client";
        }
        boolean allDone = true;
        for (SenderConnection connection : connections) {
            connection.logRefusals(nowMicros);
            try {
                allDone &= connection.awaitDone(0);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return "interrupted";
            }
            if (connection.failure() != null) {
                return connection.failure();
            }
            long quiet = nowMicros - connection.lastProgressMicros();
            if (quiet > settings.stallLimit().toNanos() / 1000 && !isDone(connection)) {
                return "no message could be sent on connection " + connection.index() + " to "
                        + UrlRedactor.redact(places.get(connection.index()).url())
                        + " for " + settings.stallLimit().toSeconds() + " s";
            }
        }
        return allDone ? "end of the test duration" : null;
    }

    private static boolean isDone(SenderConnection connection) {
        try {
            return connection.awaitDone(0);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return true;
        }
    }

    @Override
    protected void stopWork(boolean halt) {
        connections.forEach(halt ? SenderConnection::abort : SenderConnection::stop);
        try {
            if (!awaitAll(halt ? 2_000 : 5_000)) {
                abortAll();
                awaitAll(5_000);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            abortAll();
        }
    }

    private boolean awaitAll(long millis) throws InterruptedException {
        long deadline = System.nanoTime() + millis * 1_000_000;
        for (SenderConnection connection : connections) {
            long left = Math.max(0, (deadline - System.nanoTime()) / 1_000_000);
            if (!connection.awaitDone(left)) {
                return false;
            }
        }
        return true;
    }

    @Override
    protected PeerResult result(String endReason, boolean halted, long endMillis, long warmupEndMillis) {
        String sender = context.self().qualifiedName();
        List<PeerResult.Stream> streams = new ArrayList<>();
        long count = 0;
        long errors = 0;
        long refused = 0;
        OutcomeCounts outcomes = OutcomeCounts.NONE;
        List<ConnectionsCsv.Row> rows = new ArrayList<>();
        for (SenderConnection connection : connections) {
            connection.logRefusals(Long.MAX_VALUE);
            rows.add(row(connection));
            OutcomeCounts own = connection.outcomes();
            streams.add(new PeerResult.Stream(
                    sender,
                    connection.index(),
                    connection.sent(),
                    connection.errors(),
                    0,
                    0,
                    null,
                    own,
                    connection.refusedSequences()));
            count += connection.sent();
            errors += connection.errors();
            refused += connection.refused();
            outcomes = outcomes.plus(own);
        }
        ConnectionsFile.write(directory, rows);
        boolean success = !halted
                && (endReason.equals("end of the test duration") || endReason.equals("stopped by the client"))
                && count > 0;
        String reason;
        if (success) {
            reason = "sent " + count + " messages on " + connections.size() + " connection(s), " + errors
                    + " send attempt(s) not accepted" + describe(outcomes, refused) + "; " + endReason;
        } else if (count == 0 && !halted && endReason.startsWith("end")) {
            reason = "sent no message to " + UrlRedactor.redact(url);
        } else {
            reason = endReason + " after " + count + " messages sent";
        }
        return new PeerResult(
                PeerResult.FORMAT_VERSION,
                sender,
                Role.SENDER.label(),
                startMicros() / 1000,
                endMillis,
                warmupEndMillis,
                count,
                errors,
                0,
                0,
                streams,
                success ? PeerResult.SUCCESS : PeerResult.FAILURE,
                reason,
                outcomes);
    }

    /** The connections.csv row of a connection whose loop ended. */
    private ConnectionsCsv.Row row(SenderConnection connection) {
        int i = connection.index();
        ConnectionsFile.Counts counts =
                ConnectionsFile.Counts.sender(connection.sent(), connection.refused(), connection.resent());
        Histogram measured = recorders.get(i).measuredTotal();
        long first = connection.firstMeasuredMicros();
        return ConnectionsFile.row(
                places.get(i),
                counts,
                measured,
                connection.bytes().snapshot().bytes(),
                first,
                connection.lastMeasuredMicros());
    }

    /** The attempts that did not end accepted, e.g. " (1,200 released, 3 failed; 1,203 messages refused)". */
    private static String describe(OutcomeCounts outcomes, long refused) {
        if (outcomes.notAccepted() == 0 && refused == 0) {
            return "";
        }
        List<String> parts = new ArrayList<>();
        addIfAny(parts, outcomes.released(), "released");
        addIfAny(parts, outcomes.rejected(), "rejected");
        addIfAny(parts, outcomes.modified(), "modified");
        addIfAny(parts, outcomes.failed(), "failed");
        return " (" + String.join(", ", parts) + "; " + refused + " message(s) refused)";
    }

    private static void addIfAny(List<String> parts, long count, String what) {
        if (count > 0) {
            parts.add(count + " " + what);
        }
    }
}
