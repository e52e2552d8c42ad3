package org.maestro.inspector.artemis;

import static org.maestro.inspector.http.HttpCalls.abbreviate;
import static org.maestro.inspector.http.HttpCalls.describe;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeoutException;
import org.maestro.base.net.ManagementUrl;
import org.maestro.inspector.InspectionException;
import org.maestro.inspector.InspectionException.Kind;
import org.maestro.inspector.http.HttpCalls;
import org.maestro.inspector.http.SingleCallHttpClient;

/**
 * Calls a Jolokia agent over HTTP with JSON bulk requests (one HTTP POST carrying several Jolokia requests), with
 * basic authentication from the URL's user part and a timeout on every call. One call at a time: a call waits for
 * the previous one's answer or timeout. {@link #close()} may be called from another thread to abort a call.
 *
 * <p>An {@code Origin} header naming the URL's own scheme, host and port goes with every call: a standalone Artemis
 * broker's {@code etc/jolokia-access.xml} (CORS strict checking) refuses calls without one.
 */
public final class JolokiaClient implements AutoCloseable {
    private static final ObjectMapper JSON = new ObjectMapper();

    private final ManagementUrl url;
    private final Duration timeout;
    private final SingleCallHttpClient http;
    private final String authorization;
    private final String origin;

    /** A client of the Jolokia agent at the URL (http or https); no request is made yet. */
    public JolokiaClient(ManagementUrl url, Duration timeout) {
        if (!url.hasScheme("http")) {
            throw new IllegalArgumentException("a Jolokia URL is http or https, such as "
                    + "http://admin:admin@broker:8161/console/jolokia, not " + url.redacted());
        }
        this.url = url;
        this.timeout = timeout;
        this.http = new SingleCallHttpClient(timeout);
        this.authorization = HttpCalls.basicAuthorization(url);
        URI address = url.address();
        this.origin = address.getScheme() + "://" + address.getHost()
                + (address.getPort() < 0 ? "" : ":" + address.getPort());
    }

    /** The agent's URL, without password. */
    public ManagementUrl url() {
        return url;
    }

    /** A Jolokia {@code read} request of some attributes of an MBean or an MBean pattern. */
    public static ObjectNode read(String mbean, String... attributes) {
        ObjectNode request = JSON.createObjectNode().put("type", "read").put("mbean", mbean);
        if (attributes.length > 0) {
            ArrayNode names = request.putArray("attribute");
            for (String attribute : attributes) {
                names.add(attribute);
            }
        }
        return request;
    }

    /** The same request with Jolokia's {@code ignoreErrors}: an attribute that cannot be read does not fail it. */
    public static ObjectNode ignoringErrors(ObjectNode request) {
        request.putObject("config").put("ignoreErrors", true);
        return request;
    }

    /** A Jolokia {@code version} request: what the agent is; reads no MBean. */
    public static ObjectNode version() {
        return JSON.createObjectNode().put("type", "version");
    }

    /**
     * Sends the requests in one HTTP POST and returns one response per request, in the same order.
     *
     * @throws InspectionException when the agent cannot be reached, refuses us, does not answer in time or answers
     *     something that is not Jolokia's
     */
    public List<JolokiaResponse> bulk(List<ObjectNode> requests) throws InspectionException {
        ArrayNode body = JSON.createArrayNode();
        requests.forEach(body::add);
        HttpRequest.Builder request = HttpRequest.newBuilder(url.address())
                .timeout(timeout)
                .header("Content-Type", "application/json")
                .header("Accept", "application/json")
                .header("Origin", origin)
                .POST(HttpRequest.BodyPublishers.ofString(body.toString(), StandardCharsets.UTF_8));
        if (authorization != null) {
            request.header("Authorization", authorization);
        }
        HttpResponse<String> response = send(request.build());
        JsonNode answer = parse(response);
        if (answer.isObject()) {
            throw refusal(
                    answer.path("status").asInt(response.statusCode()),
                    answer.path("error").asText(""));
        }
        if (!answer.isArray() || answer.size() != requests.size()) {
            throw new InspectionException(
                    Kind.BAD_REPLY,
                    url.redacted() + " answered " + answer.size() + " responses to " + requests.size()
                            + " requests; is this a Jolokia agent?");
        }
        List<JolokiaResponse> responses = new ArrayList<>(answer.size());
        for (JsonNode each : answer) {
            responses.add(new JolokiaResponse(
                    each.path("status").asInt(0),
                    each.path("value"),
                    each.path("error").asText(""),
                    each.path("error_type").asText("")));
        }
        return responses;
    }

    private HttpResponse<String> send(HttpRequest request) throws InspectionException {
        if (http.closed()) {
            throw new InspectionException(Kind.STOPPED, "the inspection of " + url.redacted() + " was stopped");
        }
        try {
            return http.send(request);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InspectionException(Kind.STOPPED, "the call to " + url.redacted() + " was interrupted");
        } catch (TimeoutException e) {
            throw noAnswer();
        } catch (java.util.concurrent.CancellationException e) {
            throw new InspectionException(
                    Kind.STOPPED, "the call to " + url.redacted() + " was aborted: the inspection stopped");
        } catch (ExecutionException e) {
            throw unreachable(e.getCause());
        }
    }

    private InspectionException noAnswer() {
        return new InspectionException(
                Kind.TIMEOUT,
                url.redacted() + " did not answer within " + timeout.toMillis()
                        + " ms; the SUT may be overloaded or restarting");
    }

    private InspectionException unreachable(Throwable cause) {
        if (cause instanceof HttpTimeoutException) {
            return noAnswer();
        }
        Throwable root = HttpCalls.rootCause(cause);
        if (root instanceof ConnectException || cause instanceof ConnectException) {
            return new InspectionException(
                    Kind.UNREACHABLE,
                    "cannot connect to " + url.redacted() + " (" + describe(root)
                            + "); is the SUT running and is MANAGEMENT_INTERFACE right?",
                    cause);
        }
        if (http.closed()) {
            return new InspectionException(
                    Kind.STOPPED, "the call to " + url.redacted() + " was aborted: the inspection stopped");
        }
        return new InspectionException(
                Kind.UNREACHABLE, "the call to " + url.redacted() + " failed: " + describe(root), cause);
    }

    private JsonNode parse(HttpResponse<String> response) throws InspectionException {
        int status = response.statusCode();
        String text = response.body() == null ? "" : response.body();
        if (status != 200) {
            String error = "";
            try {
                error = JSON.readTree(text).path("error").asText("");
            } catch (IOException ignored) {
                // not JSON: the status says it all
            }
            throw refusal(status, error);
        }
        try {
            return JSON.readTree(text);
        } catch (IOException e) {
            throw new InspectionException(
                    Kind.BAD_REPLY,
                    url.redacted() + " answered something that is not Jolokia JSON ("
                            + abbreviate(text) + "); is MANAGEMENT_INTERFACE the Jolokia URL, e.g. "
                            + "http://host:8161/console/jolokia?");
        }
    }

    private InspectionException refusal(int status, String error) {
        String detail = error.isBlank() ? "" : ": " + abbreviate(error);
        return switch (status) {
            case 401 ->
                HttpCalls.unauthorized(
                        url,
                        ", e.g. http://user:password@" + url.host() + ":" + url.port(8161)
                                + url.address().getPath());
            case 403 ->
                new InspectionException(
                        Kind.UNAUTHORIZED,
                        url.redacted() + " refused access (HTTP 403" + detail + "); on a "
                                + "standalone Artemis, etc/jolokia-access.xml must allow this host and the origin "
                                + origin);
            case 404 ->
                new InspectionException(
                        Kind.BAD_REPLY,
                        "no Jolokia agent at " + url.redacted() + " (HTTP 404" + detail
                                + "); a standalone Artemis serves it at /console/jolokia");
            default ->
                new InspectionException(
                        status >= 500 ? Kind.UNREACHABLE : Kind.BAD_REPLY,
                        url.redacted() + " answered HTTP " + status + detail);
        };
    }

    /** Aborts a call in progress; later calls fail. */
    @Override
    public void close() {
        http.close();
    }

    /**
     * One Jolokia response of a bulk request.
     *
     * @param status Jolokia's status: 200 when the request succeeded, 404 when no MBean matched, …
     * @param value the value read (a missing node when the request failed)
     * @param error Jolokia's error text, or {@code ""}
     * @param errorType the Java class of the error, or {@code ""}
     */
    public record JolokiaResponse(int status, JsonNode value, String error, String errorType) {
        /** True when the request succeeded. */
        public boolean ok() {
            return status == 200;
        }
    }
}
