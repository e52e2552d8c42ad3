package org.maestro.worker.sender;

import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.maestro.base.time.MicroClock;
import org.maestro.base.time.TimerSlack;
import org.maestro.common.measure.OutcomeCounts;
import org.maestro.common.time.Sleeper;
import org.maestro.driver.DriverConnection;
import org.maestro.driver.DriverException;
import org.maestro.driver.DriverProducer;
import org.maestro.worker.measure.ByteCount;
import org.maestro.worker.measure.MessageStamp;
import org.maestro.worker.measure.SingleWriterLatencyRecorder;
import org.maestro.worker.payload.MessageBodies;
import org.maestro.worker.role.Connector;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One connection of a sender and the loop its own thread runs, the shared part of every load shape: connect, wait
 * for the common start, then send stamped messages until the plan's end or a stop, recording the send delay (actual −
 * intended send time) of each. When each message is due is the load shape's: {@link FixedRateLoop} sends on the
 * {@link FixedRateTimeline} (a timed run sends every message due before its end, late if it fell behind, for at most
 * {@link SendPlan#catchUpMicros()} after the end), {@link UnboundedLoop} as fast as the connection takes them;
 * {@link #create} picks the one of the plan. A failed send is counted, the connection is opened again and the same message (same sequence
 * number and intended time) is sent again, up to {@value #MAX_ATTEMPTS} attempts; after that its sequence number
 * stays unused and the message counts as refused.
 *
 * <p>The driver reports how the system settled each send to the connection's {@link SendOutcomes}. When the plan
 * says so, a message the system released (or modified without marking it undeliverable here) is sent again with
 * its sequence number, intended time and warm-up flag, on the {@link ResendSchedule}, until the end plus catch-up
 * of a timed fixed-rate run (else {@value SendPlan#RESEND_TAIL_MICROS} µs after the last new message); what is
 * still waiting then counts as refused.
 *
 * <p>{@link #run()} runs on the connection's thread; the other methods are safe from any thread.
 */
public abstract sealed class SenderConnection implements Runnable permits FixedRateLoop, UnboundedLoop {
    /** Attempts to send one message before giving it up. */
    public static final int MAX_ATTEMPTS = 5;
    /** The longest a connection primes: sending its priming messages and waiting for their outcomes. */
    public static final long PRIMING_LIMIT_MICROS = Priming.LIMIT_MICROS;
    /** What {@link #nextSend} returns when the run reached its end before the next message. */
    static final long PAST_END = -1;
    /** What {@link #nextSend} returns when the connection was stopped before the next message. */
    static final long STOPPED = -2;

    private static final Logger LOG = LoggerFactory.getLogger(SenderConnection.class);

    private final int index;
    private final Connector connector;
    final SendPlan plan;
    final MicroClock clock;
    private final Sleeper pause;
    private final SendHook hook;
    private final SingleWriterLatencyRecorder sendDelay;
    private final byte[] nameBytes;
    private final SendOutcomes outcomes;
    private final RefusalLog refusalLog;

    private final CompletableFuture<Void> connected = new CompletableFuture<>();
    private final CountDownLatch go = new CountDownLatch(1);
    private final CountDownLatch done = new CountDownLatch(1);
    private final AtomicLong sent = new AtomicLong();
    private final AtomicLong begun = new AtomicLong();
    private final ByteCount bytes = new ByteCount();
    private final AtomicLong lastProgressMicros = new AtomicLong();
    private volatile boolean stop;
    private volatile long startMicros;
    private volatile WarmUpBoundary boundary;
    private volatile long firstMeasuredDelayMicros = -1;
    private volatile long backlog;
    private volatile long measuredEndMicros;
    private volatile DriverConnection connection;
    private volatile String failure;

    // the connection's thread only
    private long actualMicros;
    private DriverProducer producer;
    private MessageBodies bodies;
    private ResendSchedule resends;
    private long handed;
    private long nextSequence;
    // the connection's thread; read by others once the loop ended (awaitDone)
    private long resent;
    private long firstMeasuredMicros;
    private long lastMeasuredMicros;

    /** What a sender connection is made of: its index, how it connects, what it sends, its clock and recorders. */
    public record Parts(
            int index,
            Connector connector,
            SendPlan plan,
            MicroClock clock,
            Sleeper pause,
            SendHook hook,
            SingleWriterLatencyRecorder sendDelay,
            byte[] nameBytes) {}

    /**
     * The connection of the plan's load shape: on its rate profile when it has one, at a fixed rate when it has one,
     * else as fast as it can.
     */
    public static SenderConnection create(Parts parts) {
        SendPlan plan = parts.plan();
        return plan.rate() > 0 || plan.profile() != null ? new FixedRateLoop(parts) : new UnboundedLoop(parts);
    }

    SenderConnection(Parts parts) {
        this.index = parts.index();
        this.connector = parts.connector();
        this.plan = parts.plan();
        this.clock = parts.clock();
        this.pause = parts.pause();
        this.hook = parts.hook();
        this.sendDelay = parts.sendDelay();
        this.nameBytes = parts.nameBytes();
        this.outcomes = new SendOutcomes(plan.resendReleased());
        this.refusalLog = new RefusalLog(index, outcomes, LOG);
    }

    /** Completes when the connection is open and its producer created, or exceptionally when it cannot be. */
    public CompletableFuture<Void> connected() {
        return connected;
    }

    /** Lets the connection send, on the timeline starting at {@code start} (epoch µs), with the plan's warm-up. */
    public void start(long start) {
        start(start, WarmUpBoundary.fixed(start, plan.warmUpMicros()));
    }

    /** Lets the connection send, on the timeline starting at {@code start} (epoch µs), warming up until the boundary. */
    public void start(long start, WarmUpBoundary warmUp) {
        this.boundary = warmUp;
        this.startMicros = start;
        lastProgressMicros.set(start);
        go.countDown();
    }

    /** Asks the loop to end after the message it is sending. */
    public void stop() {
        stop = true;
        go.countDown();
    }

    /** Closes the connection at once, which ends a send that blocks. */
    public void abort() {
        stop();
        DriverConnection current = connection;
        if (current != null) {
            current.close();
        }
    }

    /** Waits for the loop to end; true when it did within the time. */
    public boolean awaitDone(long millis) throws InterruptedException {
        return done.await(millis, TimeUnit.MILLISECONDS);
    }

    /** Messages sent so far: the sequence numbers used (a message given up after failed attempts included). */
    public long sent() {
        return sent.get();
    }

    /**
     * Messages whose first send began, the one under way included: the live count, which a receiver's count read
     * before it can never exceed (a receiver may count a message before its {@code send} returned).
     */
    public long begun() {
        return begun.get();
    }

    /**
     * The body bytes this connection handed to the system: all of them (sent again too), and those of the first
     * sends of its measured messages with their number.
     */
    public ByteCount bytes() {
        return bytes;
    }

    /**
     * The seed of the sizes and random bytes of connection {@code index}'s bodies: the same for every run, so that
     * a run's sizes can be made again.
     */
    static long seed(int index) {
        return 0x6D61657374726FL + 31L * index;
    }

    /**
     * The send delay (µs) of the first measured message: how far behind its timeline the connection entered the
     * measured window; −1 before it sent one.
     */
    public long firstMeasuredDelayMicros() {
        return firstMeasuredDelayMicros;
    }

    /** Warm-up messages sent after the warm-up ended: the backlog the connection carried into the measured window. */
    public long backlog() {
        return backlog;
    }

    /**
     * When the connection's measured window ended (epoch µs), 0 while it sends or when it sent no measured message:
     * the end of a timed run (or when it was stopped before), else after its last measured message (the next
     * intended send time at a fixed rate, when that is later).
     */
    public long measuredEndMicros() {
        return measuredEndMicros;
    }

    /** Send attempts so far that did not end accepted: failed, released, rejected or modified. */
    public long errors() {
        return outcomes.notAccepted();
    }

    /** How the system settled the send attempts so far, one count per attempt. */
    public OutcomeCounts outcomes() {
        return outcomes.counts();
    }

    /**
     * The sequence numbers refused so far (the sender knows they did not go through), in the encoding of
     * {@link org.maestro.common.measure.PeerResult.Stream#refusedSequences()}.
     */
    public String refusedSequences() {
        return outcomes.refusedSequences();
    }

    /** How many sequence numbers were refused so far. */
    public long refused() {
        return outcomes.refusedCount();
    }

    /** When the last message was sent, or the start, in epoch µs. */
    public long lastProgressMicros() {
        return lastProgressMicros.get();
    }

    /** Why the loop ended early, or null. */
    public String failure() {
        return failure;
    }

    public int index() {
        return index;
    }

    /** Messages sent again after the system released them; read once the loop ended. */
    public long resent() {
        return resent;
    }

    /** When the first measured message was sent (epoch µs), 0 when none was; read once the loop ended. */
    public long firstMeasuredMicros() {
        return firstMeasuredMicros;
    }

    /** When the last measured message was sent (epoch µs), 0 when none was; read once the loop ended. */
    public long lastMeasuredMicros() {
        return lastMeasuredMicros;
    }

    /**
     * Logs one line about the attempts that did not end accepted since the last line, at most every 10 s, instead
     * of one line per message. Called by one supervising thread.
     */
    public void logRefusals(long nowMicros) {
        refusalLog.log(nowMicros);
    }

    @Override
    public void run() {
        TimerSlack.minimise(); // waits for the next message's time wake within 1 µs, not the kernel's default 50
        try {
            producer = open();
            if (producer == null) {
                return;
            }
            go.await();
            if (!stop) {
                sendAll();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (RuntimeException e) {
            failure = "connection " + index + " stopped on an unexpected error: " + e;
            LOG.error("sender connection {} failed", index, e);
        } finally {
            connected.completeExceptionally(
                    new DriverException("connection " + index + " stopped before it was connected"));
            outcomes.endResends();
            DriverConnection current = connection;
            if (current != null) {
                current.close();
            }
            refuseWaitingResends();
            done.countDown();
        }
    }

    private DriverProducer open() throws InterruptedException {
        try {
            connection = connector.connect();
            DriverProducer created = connection.createProducer(outcomes);
            bodies = plan.bodies().forConnection(nameBytes, index, plan.runTag(), new SplittableRandom(seed(index)));
            new Priming(plan, clock, pause).prime(created, outcomes, index, bodies, () -> stop);
            connected.complete(null);
            return created;
        } catch (DriverException | RuntimeException e) {
            connected.completeExceptionally(e);
            return null;
        }
    }

    /**
     * Waits until message {@code sequence} may be sent and returns its intended send time, its actual one read by
     * {@link #beforeSend}; or {@link #PAST_END} or {@link #STOPPED}.
     */
    abstract long nextSend(long sequence, long end, long lastChance) throws InterruptedException;

    /** The end of the measured window of a run without an end time, given its last measured message. */
    abstract long openEndedMeasuredEnd(long lastIntended, long lastActual);

    /** When waiting for the outcomes of the messages handed over ends, after the last new message. */
    abstract long resendTailEnd(long end, long lastChance);

    /** Prepares the loop for its start at {@code start} (epoch µs). */
    abstract void begin(long start);

    /** The schedule of the resends of released messages, made after {@link #begin}. */
    abstract ResendSchedule resendSchedule();

    private void sendAll() throws InterruptedException {
        WarmUpBoundary warmUp = boundary;
        long end = plan.endAfterWarmUp(warmUp.endMicros());
        long lastChance = lastChance(end);
        long count =
                plan.duration().isTimed() ? Long.MAX_VALUE : plan.duration().messageCount();
        begin(startMicros);
        resends = plan.resendReleased() ? resendSchedule() : null;
        long measured = 0;
        long lastIntended = 0;
        long lastActual = 0;
        boolean reachedEnd = false;
        for (long sequence = 0; !stop && measured < count; sequence++) {
            if (warmUp.auto()) {
                end = plan.endAfterWarmUp(warmUp.endMicros());
                lastChance = lastChance(end);
            }
            long intended = nextSend(sequence, end, lastChance);
            if (intended == PAST_END) {
                reachedEnd = true;
                break;
            }
            if (intended == STOPPED) {
                break;
            }
            long actual = actualMicros;
            long warmUpEnd = warmUp.endMicros();
            boolean warmUpMessage = intended < warmUpEnd;
            if (resends != null) {
                resends.sent(sequence, intended);
            }
            nextSequence = sequence + 1;
            begun.lazySet(sequence + 1);
            send(sequence, intended, actual, warmUpMessage, true, lastChance);
            sent.lazySet(sequence + 1);
            if (!warmUpMessage) {
                if (measured == 0) {
                    firstMeasuredDelayMicros = actual - intended;
                    firstMeasuredMicros = actual;
                }
                lastMeasuredMicros = actual;
                measured++;
                lastIntended = intended;
                lastActual = actual;
            } else if (actual >= warmUpEnd) {
                backlog++;
            }
            if (producer == null) {
                break;
            }
            if (resends != null) {
                resendDue(lastChance);
            }
        }
        measuredEndMicros = measuredEnd(measured, end, reachedEnd, lastIntended, lastActual);
        if (resends != null && producer != null && producer.reportsOutcomes()) {
            resendUntilSettled(resendTailEnd(end, lastChance));
        }
    }

    /** Runs the send hook, then reads the clock: the actual send time of message {@code sequence}. */
    final long beforeSend(long sequence) throws InterruptedException {
        hook.beforeSend(index, sequence);
        actualMicros = clock.nowMicros();
        return actualMicros;
    }

    /** {@code intended} when a message sent at {@code actual} is before {@code cutoff} and not stopped, else why not. */
    final long sendableBefore(long cutoff, long intended, long actual) {
        if (stop) {
            return STOPPED;
        }
        return actual < cutoff ? intended : PAST_END;
    }

    /** The last moment a message due before the end may still be sent: the end plus the plan's catch-up. */
    private long lastChance(long end) {
        return end == Long.MAX_VALUE ? end : end + plan.catchUpMicros();
    }

    /** The end of the measured window, see {@link #measuredEndMicros()}; 0 when no measured message was sent. */
    private long measuredEnd(long measured, long end, boolean reachedEnd, long lastIntended, long lastActual) {
        if (measured == 0) {
            return 0;
        }
        if (end != Long.MAX_VALUE) {
            return reachedEnd ? end : Math.min(end, Math.max(lastActual, clock.nowMicros()));
        }
        return openEndedMeasuredEnd(lastIntended, lastActual);
    }

    /**
     * Sends one message, opening the connection again after a failed attempt, up to {@value #MAX_ATTEMPTS} attempts;
     * a message given up is refused. Leaves {@link #producer} null when the connection cannot be opened again.
     *
     * @param first true for a new message (its send delay is recorded), false when sent again
     */
    private void send(long sequence, long intended, long actual, boolean warmUp, boolean first, long lastChance)
            throws InterruptedException {
        int size = bodies.next();
        byte[] body = bodies.current();
        for (int attempt = 1; ; attempt++) {
            MessageStamp.writeMessage(body, sequence, intended, actual, warmUp);
            try {
                producer.send(sequence, body, size);
                handed++;
                bytes.add(size, first && !warmUp);
                if (first) {
                    sendDelay.record(actual - intended, warmUp);
                } else {
                    resent++;
                }
                lastProgressMicros.lazySet(actual);
                return;
            } catch (DriverException e) {
                outcomes.countFailedAttempt(e.getMessage());
                if (attempt >= MAX_ATTEMPTS || stop) {
                    LOG.warn(
                            "connection {} gave up message {} after {} attempts: {}",
                            index,
                            sequence,
                            attempt,
                            e.getMessage());
                    outcomes.refuse(sequence);
                    return;
                }
                LOG.warn("connection {}: {}; connecting again", index, e.getMessage());
                producer = reopen(lastChance);
                if (producer == null) {
                    outcomes.refuse(sequence);
                    return;
                }
                actual = clock.nowMicros();
            }
        }
    }

    /** Sends again the released messages waiting, when the schedule lets it. */
    private void resendDue(long lastChance) throws InterruptedException {
        long now = clock.nowMicros();
        if (!outcomes.resendsWaiting() || !resends.due(now)) {
            return;
        }
        for (long sequence : outcomes.takeResends()) {
            now = clock.nowMicros();
            if (stop || producer == null || now >= lastChance) {
                outcomes.refuse(sequence);
                continue;
            }
            long intended = resends.intendedMicros(sequence, nextSequence, now);
            send(sequence, intended, now, intended < boundary.endMicros(), false, lastChance);
        }
        resends.roundDone(clock.nowMicros(), outcomes.accepted());
    }

    /** After the last new message: waits for the outcomes of those handed over, sending again what is released. */
    private void resendUntilSettled(long tailEnd) throws InterruptedException {
        while (!stop && producer != null) {
            long now = clock.nowMicros();
            boolean unsettled = outcomes.reported() < handed;
            if (now >= tailEnd || (!unsettled && !outcomes.resendsWaiting())) {
                return;
            }
            resendDue(tailEnd);
            long wait = outcomes.resendsWaiting() ? resends.waitMicros(clock.nowMicros()) : 10_000;
            pause.sleepMicros(Math.max(1_000, Math.min(wait, 10_000)));
        }
    }

    /** What still waits to be sent again when the connection ends was refused. */
    private void refuseWaitingResends() {
        for (long sequence : outcomes.takeResends()) {
            outcomes.refuse(sequence);
        }
    }

    /** Waits until the intended time, sending again released messages meanwhile; false when stopped. */
    boolean waitUntil(long intended, long lastChance) throws InterruptedException {
        long now = clock.nowMicros();
        while (now < intended) {
            if (stop) {
                return false;
            }
            long sleep = Math.min(intended - now, 100_000);
            if (resends != null && outcomes.resendsWaiting()) {
                resendDue(lastChance);
                if (producer == null) {
                    return false;
                }
                now = clock.nowMicros();
                sleep = Math.max(0, Math.min(intended - now, Math.max(1_000, resends.waitMicros(now))));
                sleep = Math.min(sleep, 100_000);
            }
            if (sleep > 0) {
                pause.sleepMicros(sleep);
            }
            now = clock.nowMicros();
        }
        return !stop;
    }

    /** Opens the connection again until it works, the run ends or it is stopped; null when it did not. */
    private DriverProducer reopen(long end) throws InterruptedException {
        DriverConnection old = connection;
        if (old != null) {
            old.close();
        }
        while (!stop && clock.nowMicros() < end) {
            DriverConnection opened = null;
            try {
                opened = connector.connect();
                DriverProducer reopened = opened.createProducer(outcomes);
                connection = opened;
                return reopened;
            } catch (DriverException e) {
                if (opened != null) {
                    opened.close();
                }
                LOG.warn("connection {} cannot connect again: {}", index, e.getMessage());
                pause.sleepMicros(1_000_000);
            }
        }
        return null;
    }
}
