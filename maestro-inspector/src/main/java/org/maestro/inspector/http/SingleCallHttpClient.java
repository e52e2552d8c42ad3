package org.maestro.inspector.http;

import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Sends one HTTP call at a time and waits for its answer with a deadline; {@link #close()} may be called from another
 * thread to abort the call in progress. The caller turns the failures into messages of its own.
 */
public final class SingleCallHttpClient implements AutoCloseable {
    private final Duration timeout;
    private final HttpClient http;
    private volatile CompletableFuture<HttpResponse<String>> call;
    private volatile boolean closed;

    /** An HTTP/1.1 client, not following redirects, whose connections and calls must complete within the timeout. */
    public SingleCallHttpClient(Duration timeout) {
        this.timeout = timeout;
        this.http = HttpClient.newBuilder()
                .version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(timeout)
                .followRedirects(HttpClient.Redirect.NEVER)
                .build();
    }

    /**
     * Sends the request and waits for the answer, text in UTF-8, a little longer than the timeout.
     *
     * @throws InterruptedException when the thread is interrupted; the call is cancelled
     * @throws TimeoutException when no answer came in time; the call is cancelled
     * @throws ExecutionException when the call failed; its cause says why
     * @throws java.util.concurrent.CancellationException when {@link #close()} aborted the call
     */
    public HttpResponse<String> send(HttpRequest request)
            throws InterruptedException, TimeoutException, ExecutionException {
        CompletableFuture<HttpResponse<String>> pending =
                http.sendAsync(request, HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
        call = pending;
        try {
            return pending.get(timeout.toNanos() + TimeUnit.MILLISECONDS.toNanos(500), TimeUnit.NANOSECONDS);
        } catch (InterruptedException | TimeoutException e) {
            pending.cancel(true);
            throw e;
        } finally {
            call = null;
        }
    }

    /** True once {@link #close()} was called. */
    public boolean closed() {
        return closed;
    }

    /** Aborts a call in progress; the caller reports later calls as stopped. */
    @Override
    public void close() {
        closed = true;
        CompletableFuture<HttpResponse<String>> pending = call;
        if (pending != null) {
            pending.cancel(true);
        }
    }
}
