package org.maestro.topology.conf;

/** A {@code qdrouterd.conf} text that does not follow the section/attribute syntax. */
public final class ConfSyntaxException extends Exception {

    private final int line;

    public ConfSyntaxException(String source, int line, String message) {
        super(source + " line " + line + ": " + message);
        this.line = line;
    }

    /** The 1-based line the problem was found on. */
    public int line() {
        return line;
    }
}
