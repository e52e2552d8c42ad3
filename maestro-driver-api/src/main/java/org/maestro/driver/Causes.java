package org.maestro.driver;

/** How the drivers' error messages quote an exception from a client library: its message, then its cause's. */
public final class Causes {
    private Causes() {}

    /**
     * The exception's message (or its class name when it has none) and its cause's message when that says more, e.g.
     * {@code Unable to connect to server (Connection refused)}.
     */
    public static String describe(Throwable e) {
        String text = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        Throwable cause = e.getCause();
        if (cause != null && cause != e && cause.getMessage() != null && !text.contains(cause.getMessage())) {
            text += " (" + cause.getMessage() + ")";
        }
        return text;
    }
}
