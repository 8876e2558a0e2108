// Tables of the help domain (see the issue that builds it).
export {};
