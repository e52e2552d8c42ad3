package org.maestro.reporter.html;

import org.maestro.base.net.UrlRedactor;

/** Escapes text for HTML and builds the few repeated fragments of the pages. */
public final class Html {

    private Html() {}

    /** Text safe inside an element or a quoted attribute, without credentials ({@link UrlRedactor}). */
    public static String esc(String raw) {
        if (raw == null) {
            return "";
        }
        String text = UrlRedactor.redactPassword(raw);
        StringBuilder out = new StringBuilder(text.length() + 16);
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '<':
                    out.append("&lt;");
                    break;
                case '>':
                    out.append("&gt;");
                    break;
                case '&':
                    out.append("&amp;");
                    break;
                case '"':
                    out.append("&quot;");
                    break;
                case '\'':
                    out.append("&#39;");
                    break;
                default:
                    out.append(c);
            }
        }
        return out.toString();
    }

    /** A pass/fail/unknown badge of a verdict (its {@code data-outcome} is the verdict's JSON name). */
    public static String badge(org.maestro.reporter.Verdict verdict) {
        String label;
        switch (verdict) {
            case SUCCESS:
                label = "PASS";
                break;
            case FAILURE:
                label = "FAIL";
                break;
            default:
                label = "NO VERDICT";
        }
        return "<span class=\"badge " + verdict.jsonName() + "\" data-outcome=\"" + verdict.jsonName() + "\">" + label
                + "</span>";
    }

    /** A headline card; {@code tone} is "", "good" or "bad". */
    public static String card(String id, String label, String value, String sub, String tone) {
        return "<div class=\"card " + tone + "\" id=\"" + esc(id) + "\"><div class=\"label\">" + esc(label)
                + "</div><div class=\"value\">" + esc(value) + "</div>"
                + (sub == null || sub.isEmpty() ? "" : "<div class=\"sub\">" + esc(sub) + "</div>") + "</div>";
    }

    /** A table cell with a right-aligned number. */
    public static String num(String text) {
        return "<td class=\"num\">" + esc(text) + "</td>";
    }

    /** A plain table cell. */
    public static String td(String text) {
        return "<td>" + esc(text) + "</td>";
    }

    /** A header cell. */
    public static String th(String text) {
        return "<th>" + esc(text) + "</th>";
    }

    /** A right-aligned header cell. */
    public static String thNum(String text) {
        return "<th class=\"num\">" + esc(text) + "</th>";
    }

    /** The head of a table, one row of the header cells ({@link #th}, {@link #thNum}), and the opening of its body. */
    public static String head(String... cells) {
        return "<thead><tr>" + String.join("", cells) + "</tr></thead>\n<tbody>\n";
    }
}
