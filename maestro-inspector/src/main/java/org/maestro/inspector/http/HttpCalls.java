package org.maestro.inspector.http;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import org.maestro.base.net.ManagementUrl;
import org.maestro.inspector.InspectionException;
import org.maestro.inspector.InspectionException.Kind;

/** What the HTTP clients of management APIs share: basic authentication and the wording of failures. */
public final class HttpCalls {
    private HttpCalls() {}

    /** The {@code Authorization} header value for the URL's user and password, or null when it names no user. */
    public static String basicAuthorization(ManagementUrl url) {
        return url.user()
                .map(user -> "Basic "
                        + Base64.getEncoder()
                                .encodeToString(
                                        (user + ":" + url.password().orElse("")).getBytes(StandardCharsets.UTF_8)))
                .orElse(null);
    }

    /**
     * The failure of an HTTP 401 answer: the URL's credentials were refused, or it gave none.
     *
     * @param howToGive how to give credentials, appended to "give them in MANAGEMENT_INTERFACE"
     */
    public static InspectionException unauthorized(ManagementUrl url, String howToGive) {
        return new InspectionException(
                Kind.UNAUTHORIZED,
                url.user().isPresent()
                        ? url.redacted() + " refused the credentials of user '"
                                + url.user().get() + "' (HTTP 401); "
                                + "check the user and password in MANAGEMENT_INTERFACE"
                        : url.redacted() + " asks for credentials (HTTP 401); give them in MANAGEMENT_INTERFACE"
                                + howToGive);
    }

    /** The innermost cause of an error. */
    public static Throwable rootCause(Throwable error) {
        Throwable root = error;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        return root;
    }

    /** The error's message, or its class name when it has none. */
    public static String describe(Throwable error) {
        String message = error.getMessage();
        return message == null || message.isBlank() ? error.getClass().getSimpleName() : message;
    }

    /** The text on one line, cut after 160 characters: a server's answer quoted in a message. */
    public static String abbreviate(String text) {
        String line = text.replaceAll("\\s+", " ").trim();
        return line.length() <= 160 ? line : line.substring(0, 160) + "…";
    }
}
