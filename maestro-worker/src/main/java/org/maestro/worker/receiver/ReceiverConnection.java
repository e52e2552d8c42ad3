package org.maestro.worker.receiver;

import org.maestro.worker.driver.DriverConnection;
import org.maestro.worker.driver.DriverException;
import org.maestro.worker.measure.ReceiveRecorder;
import org.maestro.worker.role.Connector;

/**
 * One connection of a receiver with its consumer, delivering to the connection's {@link ReceiveRecorder}; it can be
 * opened again after a failure and keeps its recorder. Opened and closed by one thread at a time.
 */
final class ReceiverConnection {
    private final int index;
    private final Connector connector;
    private final ReceiveRecorder recorder;
    private volatile DriverConnection connection;
    private long lastAttemptMicros;
    private int reconnections;

    ReceiverConnection(int index, Connector connector, ReceiveRecorder recorder) {
        this.index = index;
        this.connector = connector;
        this.recorder = recorder;
    }

    /** Connects and attaches the consumer; returns once the system attached it. */
    void open() throws DriverException {
        DriverConnection opened = connector.connect();
        try {
            opened.createConsumer(recorder::record);
        } catch (DriverException | RuntimeException e) {
            opened.close();
            throw e;
        }
        connection = opened;
    }

    /** True when the connection is closed for good and should be opened again. */
    boolean failed() {
        DriverConnection current = connection;
        return current == null || current.failed();
    }

    /** Why the connection failed, for messages. */
    String failure() {
        DriverConnection current = connection;
        Throwable failure = current == null ? null : current.failure();
        return failure == null ? "not connected" : String.valueOf(failure.getMessage());
    }

    /** Opens again when at least {@code minGapMicros} passed since the last attempt; true when connected. */
    boolean reopen(long nowMicros, long minGapMicros) {
        if (nowMicros - lastAttemptMicros < minGapMicros) {
            return false;
        }
        lastAttemptMicros = nowMicros;
        close();
        try {
            open();
            reconnections++;
            return true;
        } catch (DriverException e) {
            return false;
        }
    }

    /** Closes the connection, waiting for a delivery in progress to end. */
    void close() {
        DriverConnection current = connection;
        connection = null;
        if (current != null) {
            current.close();
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
