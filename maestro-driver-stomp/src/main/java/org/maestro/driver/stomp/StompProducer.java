package org.maestro.driver.stomp;

import io.vertx.core.AsyncResult;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.net.NetSocket;
import io.vertx.ext.stomp.Command;
import io.vertx.ext.stomp.Frame;
import io.vertx.ext.stomp.StompClientConnection;
import io.vertx.ext.stomp.utils.Headers;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;
import org.maestro.driver.DeliveryOutcome;
import org.maestro.driver.DriverException;
import org.maestro.driver.DriverProducer;
import org.maestro.driver.OutcomeListener;

/**
 * Sends SEND frames to the URL's destination without waiting for the server. With {@code receipt=true} each frame
 * asks for a RECEIPT and at most {@code inflight} frames are without one (a send waits for room); each send reports
 * one outcome: accepted on its RECEIPT, rejected on an ERROR frame naming its receipt, failed when the connection
 * closed first. With {@code receipt=false} sends have no outcome and at most {@code inflight} frames are unwritten.
 * One sender thread sends; the Vert.x event loop settles.
 */
final class StompProducer implements DriverProducer {
    private static final long POLL_MILLIS = 100;

    private final StompClientConnection connection;
    private final NetSocket socket;
    private final StompUrl url;
    private final OutcomeListener outcomes;
    private final BooleanSupplier gone;
    private final Supplier<String> lastError;
    private final Semaphore window;
    private final Map<String, Send> unreceipted = new ConcurrentHashMap<>();
    private final Map<String, String> rejections = new ConcurrentHashMap<>();

    StompProducer(
            StompClientConnection connection,
            NetSocket socket,
            StompUrl url,
            OutcomeListener outcomes,
            BooleanSupplier gone,
            Supplier<String> lastError) {
        this.connection = connection;
        this.socket = socket;
        this.url = url;
        this.outcomes = outcomes;
        this.gone = gone;
        this.lastError = lastError;
        this.window = new Semaphore(url.inflight());
    }

    @Override
    public void send(byte[] body, int length) throws DriverException {
        send(-1, body, length);
    }

    @Override
    public void send(long token, byte[] body, int length) throws DriverException {
        publish(new Send(token), body, length);
    }

    @Override
    public boolean reportsOutcomes() {
        return url.receipt();
    }

    private void publish(Send send, byte[] body, int length) throws DriverException {
        awaitRoom();
        // content-length: the body may hold NUL bytes, which would otherwise end the frame
        Headers headers =
                Headers.create(Frame.DESTINATION, url.destination(), Frame.CONTENT_LENGTH, Integer.toString(length));
        if (url.durable()) {
            headers.put("persistent", "true");
        }
        // the body is copied: the caller reuses its array
        Frame frame = new Frame(Command.SEND, headers, Buffer.buffer(length).appendBytes(body, 0, length));
        if (!url.receipt()) {
            // written straight to the socket, whose write future bounds the frames not yet written
            socket.write(frame.toBuffer()).onComplete(written -> window.release());
            return;
        }
        try {
            connection.send(frame, receipt -> settle(send, frame, receipt));
        } catch (RuntimeException e) {
            if (send.abandon()) {
                window.release();
            }
            throw new DriverException("cannot send to " + url + ": " + e.getMessage(), e);
        }
        String id = frame.getHeader(Frame.RECEIPT);
        unreceipted.put(id, send);
        if (send.finished.get()) {
            unreceipted.remove(id); // settled before it was recorded
        }
    }

    private void awaitRoom() throws DriverException {
        try {
            while (!window.tryAcquire(POLL_MILLIS, TimeUnit.MILLISECONDS)) {
                if (gone.getAsBoolean()) {
                    throw new DriverException("the connection to " + url + " is closed or failed");
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new DriverException("interrupted while waiting to send to " + url);
        }
        if (gone.getAsBoolean()) {
            window.release();
            throw new DriverException("the connection to " + url + " is closed or failed");
        }
    }

    /** On the event loop: the RECEIPT came, or the connection closed before it. */
    private void settle(Send send, Frame frame, AsyncResult<Frame> receipt) {
        String id = frame.getHeader(Frame.RECEIPT);
        unreceipted.remove(id);
        String rejection = rejections.remove(id);
        if (receipt.succeeded()) {
            send.finish(DeliveryOutcome.ACCEPTED, null);
        } else if (rejection != null) {
            send.finish(DeliveryOutcome.REJECTED, rejection);
        } else {
            String error = lastError.get();
            send.finish(
                    DeliveryOutcome.FAILED,
                    "the connection to " + url + " closed before the server's RECEIPT"
                            + (error == null ? "" : ": " + error));
        }
    }

    /** On the event loop: an ERROR frame named the receipt of a SEND. */
    void reject(String receiptId, String reason) {
        Send send = unreceipted.remove(receiptId);
        if (send != null) {
            send.finish(DeliveryOutcome.REJECTED, reason);
        } else {
            rejections.put(receiptId, reason); // the send is not recorded yet, or settles when the connection closes
        }
    }

    /** Waits at most {@code millis} until every send has its receipt (or, without receipts, is written). */
    void awaitReceipts(long millis) {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(millis);
        while (window.availablePermits() < url.inflight() && System.nanoTime() - deadline < 0 && !gone.getAsBoolean()) {
            try {
                Thread.sleep(10);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    /** One send asking for a receipt: finished exactly once, by its receipt, an ERROR or the connection closing. */
    private final class Send {
        private final long token;
        private final AtomicBoolean finished = new AtomicBoolean();

        Send(long token) {
            this.token = token;
        }

        /** Marks the send as never to be reported; false if it was reported already. */
        boolean abandon() {
            return finished.compareAndSet(false, true);
        }

        void finish(DeliveryOutcome outcome, String detail) {
            if (!finished.compareAndSet(false, true)) {
                return;
            }
            window.release();
            outcomes.onOutcome(token, outcome, false, detail);
        }
    }
}
