package org.maestro.driver;

import java.util.regex.Pattern;

/** Helpers for destination URLs that drivers share: showing them without credentials. */
public final class Urls {
    private static final Pattern USER_INFO = Pattern.compile("(://)[^/@,()]*@");
    private static final Pattern PASSWORD = Pattern.compile("((?:^|[?&])[^=&]*password=)[^&]*",
            Pattern.CASE_INSENSITIVE);

    private Urls() {
    }

    /** The URL with user information and password options replaced by {@code ***}, for messages and logs. */
    public static String redact(String url) {
        if (url == null) {
            return "(no URL)";
        }
        String text = USER_INFO.matcher(url).replaceAll("$1***@");
        return PASSWORD.matcher(text).replaceAll("$1***");
    }
}
