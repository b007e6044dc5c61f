export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
