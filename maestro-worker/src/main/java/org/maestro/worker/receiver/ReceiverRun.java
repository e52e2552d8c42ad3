package org.maestro.worker.receiver;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.HdrHistogram.Histogram;
import org.maestro.base.net.UrlRedactor;
import org.maestro.common.files.connections.ConnectionsCsv;
import org.maestro.common.measure.PeerResult;
import org.maestro.common.options.TestDuration;
import org.maestro.common.options.TestOptions;
import org.maestro.common.peer.ErrorCodes;
import org.maestro.common.peer.PeerContext;
import org.maestro.common.peer.RoleException;
import org.maestro.common.protocol.Command;
import org.maestro.common.protocol.DrainMode;
import org.maestro.common.protocol.Role;
import org.maestro.driver.Driver;
import org.maestro.worker.measure.JitterRecorder;
import org.maestro.worker.measure.MessageStamp;
import org.maestro.worker.measure.PayloadBytes;
import org.maestro.worker.measure.ReceiveRecorder;
import org.maestro.worker.measure.SilenceLog;
import org.maestro.worker.measure.SingleWriterLatencyRecorder;
import org.maestro.worker.measure.StreamSequences;
import org.maestro.worker.role.ConnectionPlace;
import org.maestro.worker.role.ConnectionsFile;
import org.maestro.worker.role.IntervalWriter;
import org.maestro.worker.role.LoadRun;
import org.maestro.worker.role.RunOutcome;
import org.roaringbitmap.RoaringBitmap;

/** One test run of a receiver: its consumers, the end conditions (stop, drain, duration) and the results. */
final class ReceiverRun extends LoadRun {
    private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(ReceiverRun.class);
    static final String RESPONSE_TIME = "response-time";
    static final String SERVICE_TIME = "service-time";

    private final String url;
    private final ReceiverRole.Settings settings;
    private final List<ReceiverConnection> connections = new ArrayList<>();
    private final List<SingleWriterLatencyRecorder> responseRecorders = new ArrayList<>();
    private final List<SingleWriterLatencyRecorder> serviceRecorders = new ArrayList<>();
    private final List<JitterRecorder> jitterRecorders = new ArrayList<>();
    private final List<ConnectionPlace> places = new ArrayList<>();
    private final SilenceLog silences;
    private final ConsumeSchedule schedule;
    private long drainStartMicros = -1;
    private boolean drainTimedOut;
    private volatile boolean drainHeld;
    private volatile boolean drainEnded;

    ReceiverRun(
            PeerContext context,
            TestOptions options,
            Path directory,
            String url,
            Driver driver,
            ReceiverRole.Settings settings) {
        super(context, options, settings.clock(), directory);
        this.url = url;
        this.settings = settings;
        this.silences = new SilenceLog(SilenceLog.thresholdMicros(options.rate()));
        int runTag = MessageStamp.runTag(options.runId().orElse(null));
        this.schedule = ConsumeSchedule.of(options);
        for (int i = 0; i < options.parallelCount(); i++) {
            SingleWriterLatencyRecorder response = new SingleWriterLatencyRecorder().keepMeasuredTotal();
            SingleWriterLatencyRecorder service = new SingleWriterLatencyRecorder();
            responseRecorders.add(response);
            serviceRecorders.add(service);
            JitterRecorder jitter = options.rate() > 0 ? new JitterRecorder() : null;
            if (jitter != null) {
                jitterRecorders.add(jitter);
            }
            ReceiveRecorder recorder = new ReceiveRecorder(response, service, silences, jitter, runTag);
            ConnectionPlace place = ConnectionPlace.ofReceiver(options, url, i);
            places.add(place);
            connections.add(new ReceiverConnection(
                    i,
                    place.url(),
                    () -> driver.connect(place.url(), settings.clock(), settings.connectTimeout()),
                    recorder,
                    new ConsumeGate(schedule, options.receiveRate(), runTag, settings.clock(), recorder::record)));
        }
    }

    /** Opens every connection and attaches its consumer (in parallel, within the connect timeout). */
    void start() throws RoleException {
        List<CompletableFuture<Void>> opening = new ArrayList<>();
        for (ReceiverConnection connection : connections) {
            CompletableFuture<Void> opened = new CompletableFuture<>();
            Thread thread = new Thread(
                    () -> {
                        try {
                            connection.open();
                            opened.complete(null);
                        } catch (Exception e) {
                            opened.completeExceptionally(e);
                        }
                    },
                    "maestro-receiver-open-" + connection.index());
            thread.setDaemon(true);
            thread.start();
            opening.add(opened);
        }
        try {
            CompletableFuture.allOf(opening.toArray(CompletableFuture[]::new))
                    .get(settings.connectTimeout().toMillis() + 2_000, TimeUnit.MILLISECONDS);
            begin("maestro-receiver-" + context.self().name() + "-supervisor");
        } catch (ExecutionException e) {
            closeAll();
            throw new RoleException(ErrorCodes.SUT_UNAVAILABLE, e.getCause().getMessage(), e.getCause());
        } catch (TimeoutException e) {
            closeAll();
            throw new RoleException(
                    ErrorCodes.SUT_UNAVAILABLE,
                    "the receiver could not attach its consumers to " + UrlRedactor.redact(url) + " within "
                            + settings.connectTimeout().toSeconds() + " s");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            closeAll();
            throw new RoleException(ErrorCodes.OTHER, "interrupted while connecting to " + UrlRedactor.redact(url));
        } catch (IOException e) {
            closeAll();
            throw new RoleException(
                    ErrorCodes.IO, "cannot create the result files in " + directory + ": " + e.getMessage(), e);
        }
    }

    private void closeAll() {
        long wait = settings.connectTimeout().toMillis() + 2_000;
        connections.forEach(connection -> connection.close(wait));
    }

    @Override
    protected List<String> logNames() {
        return options.rate() > 0
                ? List.of(RESPONSE_TIME, SERVICE_TIME, JitterRecorder.LATE, JitterRecorder.EARLY)
                : List.of(RESPONSE_TIME, SERVICE_TIME);
    }

    @Override
    protected void attachRecorders(IntervalWriter writer) {
        responseRecorders.forEach(writer.log(RESPONSE_TIME)::add);
        serviceRecorders.forEach(writer.log(SERVICE_TIME)::add);
        for (JitterRecorder jitter : jitterRecorders) {
            writer.log(JitterRecorder.LATE).add(jitter.late());
            writer.log(JitterRecorder.EARLY).add(jitter.early());
        }
    }

    /**
     * The messages received by now, warm-up included: read at the moment of the STATS request, as the senders' count is,
     * so that a snapshot compares the two at one instant instead of this second's sent with the last second's received.
     */
    @Override
    protected long liveCount() {
        return connections.stream().mapToLong(c -> c.recorder().received()).sum();
    }

    /** Every message consumed by now, of this run or not (priming, stale and unreadable ones included). */
    @Override
    protected long consumedCount() {
        return connections.stream().mapToLong(c -> c.recorder().consumed()).sum();
    }

    /**
     * Starts or ends a drain: {@link DrainMode#QUIET} ends it after the quiet period, {@link DrainMode#HOLD} only at a
     * later {@link DrainMode#END}, a stop or DRAIN_TIMEOUT, {@link DrainMode#END} at once.
     */
    void drain(DrainMode mode) {
        if (mode == DrainMode.HOLD) {
            drainHeld = true;
        } else if (mode == DrainMode.END) {
            drainEnded = true;
        }
        request(Event.DRAIN);
    }

    @Override
    protected long errors() {
        return connections.stream().mapToLong(c -> c.recorder().errors()).sum();
    }

    /** The body bytes received ({@link PayloadBytes}). */
    @Override
    protected Map<String, String> measurements() {
        return PayloadBytes.properties(
                connections.stream().map(c -> c.recorder().bytes()).toList());
    }

    private long lastReceiveMicros() {
        return connections.stream()
                .mapToLong(c -> c.recorder().lastReceiveMicros())
                .max()
                .orElse(0);
    }

    /** When the first message arrived on any connection, or 0 when none has yet. */
    private long firstReceiveMicros() {
        return connections.stream()
                .mapToLong(c -> c.recorder().firstReceiveMicros())
                .filter(micros -> micros > 0)
                .min()
                .orElse(0);
    }

    @Override
    protected String checkEnd(Event event, long nowMicros) {
        if (event == Event.STOP) {
            return "stopped by the client";
        }
        if (event == Event.DRAIN && drainStartMicros < 0) {
            drainStartMicros = nowMicros;
        }
        reconnectFailed(nowMicros);
        // a receiver held back by RECEIVE_DELAY or RECEIVE_PAUSE is busy, not quiet
        long lastActivity = schedule.holding(nowMicros) ? nowMicros : Math.max(lastReceiveMicros(), startMicros());
        if (drainStartMicros >= 0) {
            if (drainEnded) {
                return "drained: the client ended the drain";
            }
            long quiet = nowMicros - Math.max(lastActivity, drainStartMicros);
            if (!drainHeld && quiet >= settings.quietPeriod().toNanos() / 1000) {
                return "drained: nothing arrived for " + settings.quietPeriod().toMillis() + " ms";
            }
            if (nowMicros - drainStartMicros >= options.drainTimeout().toNanos() / 1000) {
                drainTimedOut = true;
                return "drain timeout of " + options.drainTimeout().toSeconds() + " s passed while messages "
                        + "still arrived";
            }
            return null;
        }
        TestDuration duration = options.duration();
        long grace = settings.gracePeriod().toNanos() / 1000;
        if (duration.isTimed()) {
            // from the first message: senders start after the receivers, later still when the client waits for an
            // inspector or an agent to start in between, and their last messages must not find the receiver gone
            long first = firstReceiveMicros();
            long end = (first > 0 ? Math.max(first, startMicros()) : startMicros())
                    + (options.warmUp().toNanos() + duration.time().toNanos()) / 1000
                    + grace;
            if (nowMicros < end) {
                return null;
            }
            // Senders that started late (a busy host, an inspector started first) still send after this receiver's
            // own timeline ended: their messages are counted until nothing arrives for the quiet period, at the
            // latest until the drain timeout, instead of being reported lost.
            if (nowMicros - lastActivity >= settings.quietPeriod().toNanos() / 1000) {
                return "end of the test duration and grace period";
            }
            if (nowMicros - end >= options.drainTimeout().toNanos() / 1000) {
                drainTimedOut = true;
                return "end of the test duration and grace period, then the drain timeout of "
                        + options.drainTimeout().toSeconds() + " s passed while messages still arrived";
            }
            return null;
        }
        return nowMicros - lastActivity >= grace
                ? "nothing arrived for " + settings.gracePeriod().toSeconds() + " s"
                : null;
    }

    private void reconnectFailed(long nowMicros) {
        for (ReceiverConnection connection : connections) {
            if (connection.failed()) {
                connection.reopenInBackground(nowMicros, 1_000_000);
            }
        }
    }

    @Override
    protected void stopWork(boolean halt) {
        closeAll();
    }

    @Override
    protected void beforeOutcome(RunOutcome outcome) {
        if (drainStartMicros >= 0) {
            context.notify(Command.DRAIN_COMPLETE, drainTimedOut ? "drain timed out" : "drained", outcome.details());
        }
    }

    @Override
    protected PeerResult result(String endReason, boolean halted, long endMillis, long warmupEndMillis) {
        try {
            silences.write(directory.resolve(SilenceLog.FILE_NAME));
        } catch (java.io.IOException e) {
            LOG.warn("cannot write {}: {}", SilenceLog.FILE_NAME, e.getMessage());
        }
        ConnectionsFile.write(directory, connections.stream().map(this::row).toList());
        Map<ReceiveRecorder.StreamId, List<StreamSequences>> byStream = new LinkedHashMap<>();
        long count = 0;
        long errors = 0;
        long stale = 0;
        for (ReceiverConnection connection : connections) {
            count += connection.recorder().received();
            stale += connection.recorder().stale();
            errors += connection.recorder().errors();
            connection
                    .recorder()
                    .streams()
                    .forEach((id, sequences) ->
                            byStream.computeIfAbsent(id, k -> new ArrayList<>()).add(sequences));
        }
        List<PeerResult.Stream> streams = new ArrayList<>();
        long duplicates = 0;
        long outOfOrder = 0;
        for (Map.Entry<ReceiveRecorder.StreamId, List<StreamSequences>> entry : byStream.entrySet()) {
            RoaringBitmap union = new RoaringBitmap();
            long distinctSum = 0;
            long streamDuplicates = 0;
            long streamOutOfOrder = 0;
            long streamErrors = 0;
            for (StreamSequences sequences : entry.getValue()) {
                union.or(sequences.seen());
                distinctSum += sequences.seen().getLongCardinality();
                streamDuplicates += sequences.duplicates();
                streamOutOfOrder += sequences.outOfOrder();
                streamErrors += sequences.errors();
            }
            streamDuplicates += distinctSum - union.getLongCardinality();
            duplicates += streamDuplicates;
            outOfOrder += streamOutOfOrder;
            streams.add(new PeerResult.Stream(
                    entry.getKey().sender(),
                    entry.getKey().connection(),
                    union.getLongCardinality(),
                    streamErrors,
                    streamDuplicates,
                    streamOutOfOrder,
                    PeerResult.Stream.encode(union)));
        }
        String[] outcome = evaluate(endReason, halted, count);
        int reconnections =
                connections.stream().mapToInt(ReceiverConnection::reconnections).sum();
        if (reconnections > 0) {
            outcome[1] += "; connections opened again " + reconnections + " time(s)";
        }
        if (stale > 0) {
            outcome[1] += "; " + stale + " stale message(s) of another run consumed and not counted";
            LOG.warn(
                    "{} message(s) of another run (an earlier test left them at {}) were consumed and not counted",
                    stale,
                    UrlRedactor.redact(url));
        }
        return new PeerResult(
                        PeerResult.FORMAT_VERSION,
                        context.self().qualifiedName(),
                        Role.RECEIVER.label(),
                        startMicros() / 1000,
                        endMillis,
                        warmupEndMillis,
                        count,
                        errors,
                        duplicates,
                        outOfOrder,
                        streams,
                        outcome[0],
                        outcome[1])
                .withStale(stale);
    }

    /** The connections.csv row of a connection that was closed. */
    private ConnectionsCsv.Row row(ReceiverConnection connection) {
        ReceiveRecorder recorder = connection.recorder();
        ConnectionsFile.Counts counts = ConnectionsFile.Counts.receiver(
                recorder.received(), recorder.duplicates(), recorder.missingBySequence());
        Histogram histogram = responseRecorders.get(connection.index()).measuredTotal();
        ConnectionPlace place = places.get(connection.index());
        return ConnectionsFile.row(
                place,
                counts,
                histogram,
                recorder.bytes().snapshot().bytes(),
                recorder.firstMeasuredMicros(),
                recorder.lastMeasuredMicros());
    }

    /** The outcome and its reason: the fail-condition latency on measured response times, warm-up excluded. */
    private String[] evaluate(String endReason, boolean halted, long count) {
        if (halted) {
            return new String[] {PeerResult.FAILURE, endReason + " after " + count + " messages received"};
        }
        if (count == 0) {
            return new String[] {
                PeerResult.FAILURE, "received no messages from " + UrlRedactor.redact(url) + " (" + endReason + ")"
            };
        }
        Histogram measured = log(RESPONSE_TIME).measuredTotal();
        long limitMillis = options.maximumLatencyMillis();
        if (limitMillis <= 0) {
            return new String[] {
                PeerResult.SUCCESS, "received " + count + " messages; no latency condition (" + endReason + ")"
            };
        }
        boolean hard = options.hardLatencyLimit();
        String what = hard ? "maximum" : "p90";
        long valueMicros =
                measured.getTotalCount() == 0 ? 0 : hard ? measured.getMaxValue() : measured.getValueAtPercentile(90.0);
        String text = String.format(Locale.ROOT, "%s response time %.3f ms", what, valueMicros / 1000.0);
        if (valueMicros > limitMillis * 1000) {
            return new String[] {PeerResult.FAILURE, text + " > MAXIMUM_LATENCY " + limitMillis + " ms"};
        }
        return new String[] {
            PeerResult.SUCCESS,
            text + " ≤ MAXIMUM_LATENCY " + limitMillis + " ms; received " + count + " messages (" + endReason + ")"
        };
    }
}
