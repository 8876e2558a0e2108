// Tables of the settlement domain (see the issue that builds it).
export {};
