package org.maestro.worker.receiver;

import org.maestro.base.net.UrlRedactor;
import org.maestro.driver.DriverConnection;
import org.maestro.driver.DriverException;
import org.maestro.worker.measure.ReceiveRecorder;
import org.maestro.worker.role.Connector;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One connection of a receiver with its consumer, delivering to the connection's {@link ReceiveRecorder}. After a
 * failure it is opened again on a thread of its own, keeping its recorder, so the run's supervisor never waits for
 * a connect. Thread-safe.
 */
final class ReceiverConnection {
    private static final Logger LOG = LoggerFactory.getLogger(ReceiverConnection.class);

    private final int index;
    private final String url;
    private final Connector connector;
    private final ReceiveRecorder recorder;
    private final ConsumeGate gate;
    private final Object lock = new Object();
    private DriverConnection connection;
    private boolean closed;
    private Thread reopening;
    private long lastAttemptMicros;
    private volatile int reconnections;

    ReceiverConnection(int index, String url, Connector connector, ReceiveRecorder recorder, ConsumeGate gate) {
        this.index = index;
        this.url = url;
        this.connector = connector;
        this.recorder = recorder;
        this.gate = gate;
    }

    /** Connects and attaches the consumer; returns once the system attached it. */
    void open() throws DriverException {
        DriverConnection opened = connector.connect();
        try {
            opened.createConsumer(gate.isOpen() ? recorder::record : gate);
        } catch (DriverException | RuntimeException e) {
            opened.close();
            throw e;
        }
        synchronized (lock) {
            if (!closed) {
                connection = opened;
                return;
            }
        }
        opened.close(); // the run ended while this connection was being opened
    }

    /** True when the connection failed for good (or is being opened again). */
    boolean failed() {
        synchronized (lock) {
            return connection == null || connection.failed();
        }
    }

    /**
     * Starts opening the connection again in the background, unless that is going on already, the run ended, or
     * the last attempt was less than {@code minGapMicros} ago.
     */
    void reopenInBackground(long nowMicros, long minGapMicros) {
        synchronized (lock) {
            if (closed || reopening != null || nowMicros - lastAttemptMicros < minGapMicros) {
                return;
            }
            lastAttemptMicros = nowMicros;
            reopening = new Thread(this::reopen, "maestro-receiver-reopen-" + index);
            reopening.setDaemon(true);
            reopening.start();
        }
    }

    private void reopen() {
        try {
            DriverConnection old;
            synchronized (lock) {
                old = connection;
                connection = null;
            }
            String reason = old == null || old.failure() == null
                    ? "not connected"
                    : old.failure().getMessage();
            if (old != null) {
                old.close();
            }
            open();
            reconnections++;
            LOG.info("receiver connection {} to {} is back after: {}", index, UrlRedactor.redact(url), reason);
        } catch (DriverException e) {
            LOG.warn("receiver connection {} cannot connect again: {}", index, e.getMessage());
        } finally {
            synchronized (lock) {
                reopening = null;
            }
        }
    }

    /**
     * Closes the connection for good, waiting for a delivery in progress to end and (at most {@code waitMillis})
     * for a reopening in progress, so that nothing is recorded afterwards.
     */
    void close(long waitMillis) {
        DriverConnection current;
        Thread pending;
        synchronized (lock) {
            closed = true;
            gate.close(); // a delivery held back lets go, so the driver's close need not wait for it
            current = connection;
            connection = null;
            pending = reopening;
        }
        if (current != null) {
            current.close();
        }
        if (pending != null) {
            try {
                pending.join(waitMillis);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    int index() {
        return index;
    }

    ReceiveRecorder recorder() {
        return recorder;
    }

    int reconnections() {
        return reconnections;
    }
}
