package org.maestro.common.files.csv;

import java.time.Instant;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;

/** Parses the time stamps found in CSV files: epoch ms, epoch seconds, or ISO-8601 date-times (UTC if no zone). */
public final class Timestamps {

    /** Returned when a cell is not a time stamp. */
    public static final long NONE = Long.MIN_VALUE;

    private static final DateTimeFormatter SPACED = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss[.SSSSSS][.SSS]");

    private Timestamps() {}

    /** Epoch milliseconds of a cell, or {@link #NONE}. Numbers below 10^11 are taken as seconds. */
    public static long parseMillis(String cell) {
        if (cell == null || cell.isBlank()) {
            return NONE;
        }
        String text = cell.trim();
        try {
            double number = Double.parseDouble(text);
            if (Double.isNaN(number) || Double.isInfinite(number)) {
                return NONE;
            }
            return Math.abs(number) < 1e11 ? Math.round(number * 1000) : Math.round(number);
        } catch (NumberFormatException notANumber) {
            // try the date-time forms below
        }
        try {
            return Instant.parse(text).toEpochMilli();
        } catch (DateTimeParseException e) {
            // next form
        }
        try {
            return OffsetDateTime.parse(text).toInstant().toEpochMilli();
        } catch (DateTimeParseException e) {
            // next form
        }
        try {
            return LocalDateTime.parse(text).toInstant(ZoneOffset.UTC).toEpochMilli();
        } catch (DateTimeParseException e) {
            // next form
        }
        try {
            return LocalDateTime.parse(text, SPACED).toInstant(ZoneOffset.UTC).toEpochMilli();
        } catch (DateTimeParseException e) {
            return NONE;
        }
    }
}
