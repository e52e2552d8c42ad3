package org.maestro.inspector.http;

import static org.maestro.inspector.http.HttpCalls.abbreviate;
import static org.maestro.inspector.http.HttpCalls.describe;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeoutException;
import org.maestro.base.net.ManagementUrl;
import org.maestro.inspector.InspectionException;
import org.maestro.inspector.InspectionException.Kind;

/**
 * GETs JSON documents from an HTTP management API ({@code base} + a path), with basic authentication from the URL's
 * user part and a timeout on every call; failures become {@link InspectionException}s of the right kind, naming the
 * URL without its password. One call at a time; {@link #close()} may be called from another thread to abort one.
 */
public final class JsonHttpClient implements AutoCloseable {
    private static final ObjectMapper JSON = new ObjectMapper();

    private final ManagementUrl shown;
    private final URI base;
    private final Duration timeout;
    private final String product;
    private final SingleCallHttpClient http;
    private final String authorization;

    /**
     * A client of the API at {@code base} (http or https, no trailing slash needed).
     *
     * @param shown the URL as the user gave it, for messages (its password is never shown)
     * @param product what answers there, for messages, e.g. {@code the RabbitMQ management API}
     */
    public JsonHttpClient(ManagementUrl shown, URI base, Duration timeout, String product) {
        this.shown = shown;
        String text = base.toString();
        this.base = URI.create(text.endsWith("/") ? text.substring(0, text.length() - 1) : text);
        this.timeout = timeout;
        this.product = product;
        this.http = new SingleCallHttpClient(timeout);
        this.authorization = HttpCalls.basicAuthorization(shown);
    }

    /**
     * GETs {@code base + path} and parses the answer.
     *
     * @param path starting with {@code /}, query included, e.g. {@code /queues?columns=name}
     */
    public JsonNode get(String path) throws InspectionException {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(base + path))
                .timeout(timeout)
                .header("Accept", "application/json")
                .GET();
        if (authorization != null) {
            request.header("Authorization", authorization);
        }
        HttpResponse<String> response = send(request.build(), path);
        String body = response.body() == null ? "" : response.body();
        int status = response.statusCode();
        if (status == 401) {
            throw HttpCalls.unauthorized(shown, " as user:password@ before the host");
        }
        if (status == 403) {
            throw new InspectionException(
                    Kind.UNAUTHORIZED,
                    shown.redacted() + " refused access to " + path
                            + " (HTTP 403); the user needs a monitoring or management permission");
        }
        if (status != 200) {
            throw new InspectionException(
                    status >= 500 ? Kind.UNREACHABLE : Kind.BAD_REPLY,
                    shown.redacted()
                            + " answered HTTP " + status + " to " + path + " (" + abbreviate(body) + "); is it "
                            + product
                            + "?");
        }
        try {
            return JSON.readTree(body);
        } catch (IOException e) {
            throw new InspectionException(
                    Kind.BAD_REPLY,
                    shown.redacted() + " answered " + path + " with something " + "that is not JSON ("
                            + abbreviate(body) + "); is it " + product + "?");
        }
    }

    private HttpResponse<String> send(HttpRequest request, String path) throws InspectionException {
        if (http.closed()) {
            throw stopped();
        }
        try {
            return http.send(request);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw stopped();
        } catch (TimeoutException e) {
            throw noAnswer(path);
        } catch (CancellationException e) {
            throw stopped();
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof HttpTimeoutException) {
                throw noAnswer(path);
            }
            if (http.closed()) {
                throw stopped();
            }
            Throwable root = HttpCalls.rootCause(cause);
            throw new InspectionException(
                    Kind.UNREACHABLE,
                    (root instanceof ConnectException ? "cannot connect to " : "the call to " + path + " of ")
                            + shown.redacted() + " (" + describe(root)
                            + "); is the SUT running and is MANAGEMENT_INTERFACE right?",
                    cause);
        }
    }

    private InspectionException noAnswer(String path) {
        return new InspectionException(
                Kind.TIMEOUT,
                shown.redacted() + " did not answer " + path + " within " + timeout.toMillis()
                        + " ms; the SUT may be overloaded or restarting");
    }

    private InspectionException stopped() {
        return new InspectionException(Kind.STOPPED, "the inspection of " + shown.redacted() + " was stopped");
    }

    /** Aborts a call in progress; later calls fail as stopped. */
    @Override
    public void close() {
        http.close();
    }
}
