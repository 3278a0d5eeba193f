package org.esbbench.core;

/** The two request formats: the SOAP 1.1 buyStocks envelope and its JSON twin. */
public enum PayloadFormat {

    SOAP("text/xml; charset=UTF-8", "xml"),
    JSON("application/json", "json");

    private final String contentType;
    private final String fileExtension;

    PayloadFormat(String contentType, String fileExtension) {
        this.contentType = contentType;
        this.fileExtension = fileExtension;
    }

    /** The HTTP Content-Type requests of this format are sent with. */
    public String contentType() {
        return contentType;
    }

    /** Extension of generated payload files, without the dot: {@code xml} or {@code json}. */
    public String fileExtension() {
        return fileExtension;
    }
}
