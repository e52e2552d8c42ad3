package org.maestro.worker.sender;

import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.maestro.worker.driver.DriverConnection;
import org.maestro.worker.driver.DriverException;
import org.maestro.worker.driver.DriverProducer;
import org.maestro.worker.measure.MessageStamp;
import org.maestro.worker.measure.MicroClock;
import org.maestro.worker.measure.SingleWriterLatencyRecorder;
import org.maestro.worker.role.Connector;
import org.maestro.worker.role.Pause;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One connection of a sender and the loop its own thread runs: connect, wait for the common start, then send
 * stamped messages on the {@link FixedRateTimeline} (or as fast as possible) until the plan's end or a stop,
 * recording the send delay (actual − intended send time) of each. A timed fixed-rate run sends every message due
 * before its end, late if it fell behind, for at most {@link SendPlan#catchUpMicros()} after the end. A failed send
 * is counted, the connection is opened again and the same message (same sequence number and intended time) is sent
 * again, up to {@value #MAX_ATTEMPTS} attempts; after that its sequence number stays unused and the message counts
 * as lost.
 *
 * <p>{@link #run()} runs on the connection's thread; the other methods are safe from any thread.
 */
public final class SenderConnection implements Runnable {
    /** Attempts to send one message before giving it up. */
    public static final int MAX_ATTEMPTS = 5;

    private static final Logger LOG = LoggerFactory.getLogger(SenderConnection.class);

    private final int index;
    private final Connector connector;
    private final SendPlan plan;
    private final MicroClock clock;
    private final Pause pause;
    private final SendHook hook;
    private final SingleWriterLatencyRecorder sendDelay;
    private final byte[] nameBytes;

    private final CompletableFuture<Void> connected = new CompletableFuture<>();
    private final CountDownLatch go = new CountDownLatch(1);
    private final CountDownLatch done = new CountDownLatch(1);
    private final AtomicLong sent = new AtomicLong();
    private final AtomicLong errors = new AtomicLong();
    private final AtomicLong lastProgressMicros = new AtomicLong();
    private volatile boolean stop;
    private volatile long startMicros;
    private volatile DriverConnection connection;
    private volatile String failure;

    public SenderConnection(int index, Connector connector, SendPlan plan, MicroClock clock, Pause pause,
            SendHook hook, SingleWriterLatencyRecorder sendDelay, byte[] nameBytes) {
        this.index = index;
        this.connector = connector;
        this.plan = plan;
        this.clock = clock;
        this.pause = pause;
        this.hook = hook;
        this.sendDelay = sendDelay;
        this.nameBytes = nameBytes;
    }

    /** Completes when the connection is open and its producer created, or exceptionally when it cannot be. */
    public CompletableFuture<Void> connected() {
        return connected;
    }

    /** Lets the connection send, on the timeline starting at {@code start} (epoch µs). */
    public void start(long start) {
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

    /** Failed send attempts so far. */
    public long errors() {
        return errors.get();
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

    @Override
    public void run() {
        try {
            DriverProducer producer = open();
            if (producer == null) {
                return;
            }
            go.await();
            if (!stop) {
                sendAll(producer);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (RuntimeException e) {
            failure = "connection " + index + " stopped on an unexpected error: " + e;
            LOG.error("sender connection {} failed", index, e);
        } finally {
            DriverConnection current = connection;
            if (current != null) {
                current.close();
            }
            done.countDown();
        }
    }

    private DriverProducer open() {
        try {
            connection = connector.connect();
            DriverProducer producer = connection.createProducer();
            connected.complete(null);
            return producer;
        } catch (DriverException | RuntimeException e) {
            connected.completeExceptionally(e);
            return null;
        }
    }

    private void sendAll(DriverProducer first) throws InterruptedException {
        DriverProducer producer = first;
        FixedRateTimeline timeline = plan.rate() > 0 ? new FixedRateTimeline(startMicros, plan.rate()) : null;
        long end = plan.endMicros(startMicros);
        long lastChance = end == Long.MAX_VALUE ? end : end + plan.catchUpMicros();
        long warmUpEnd = startMicros + plan.warmUpMicros();
        long count = plan.duration().isTimed() ? Long.MAX_VALUE : plan.duration().messageCount();
        SplittableRandom random = new SplittableRandom(31L * index + startMicros);
        byte[] body = new byte[plan.size().maximum()];
        MessageStamp.writeFixed(body, nameBytes, index);
        long measured = 0;
        for (long sequence = 0; !stop && measured < count; sequence++) {
            long intended = 0;
            if (timeline != null) {
                intended = timeline.intendedMicros(sequence);
                if (intended >= end || !waitUntil(intended)) {
                    break;
                }
            }
            hook.beforeSend(index, sequence);
            long actual = clock.nowMicros();
            if (timeline == null) {
                intended = actual;
            }
            if (actual >= (timeline == null ? end : lastChance) || stop) {
                break;
            }
            boolean warmUp = intended < warmUpEnd;
            int size = plan.size().next(random);
            for (int attempt = 1; ; attempt++) {
                MessageStamp.writeMessage(body, sequence, intended, actual, warmUp);
                try {
                    producer.send(body, size);
                    sendDelay.record(actual - intended, warmUp);
                    lastProgressMicros.lazySet(actual);
                    break;
                } catch (DriverException e) {
                    errors.incrementAndGet();
                    if (attempt >= MAX_ATTEMPTS || stop) {
                        LOG.warn("connection {} gave up message {} after {} attempts: {}", index, sequence, attempt,
                                e.getMessage());
                        break;
                    }
                    LOG.warn("connection {}: {}; connecting again", index, e.getMessage());
                    producer = reopen(lastChance);
                    if (producer == null) {
                        break;
                    }
                    actual = clock.nowMicros();
                }
            }
            sent.lazySet(sequence + 1);
            if (!warmUp) {
                measured++;
            }
            if (producer == null) {
                break;
            }
        }
    }

    /** Waits until the intended time; false when stopped meanwhile. */
    private boolean waitUntil(long intended) throws InterruptedException {
        long now = clock.nowMicros();
        while (now < intended) {
            if (stop) {
                return false;
            }
            pause.sleepMicros(Math.min(intended - now, 100_000));
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
                DriverProducer producer = opened.createProducer();
                connection = opened;
                return producer;
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
